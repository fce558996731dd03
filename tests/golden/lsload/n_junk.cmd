fixture: demo
args: lsload -n 3x
exit: 2
