fixture: demo
args: lsload -N
exit: 0
