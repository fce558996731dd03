fixture: demo
args: lsload -s
exit: 0
