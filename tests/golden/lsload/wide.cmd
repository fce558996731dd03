fixture: demo
args: lsload -w
exit: 0
