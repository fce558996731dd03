fixture: demo
args: lsload -n 0
exit: 2
