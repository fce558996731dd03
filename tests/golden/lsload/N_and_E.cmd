fixture: demo
args: lsload -N -E
exit: 2
