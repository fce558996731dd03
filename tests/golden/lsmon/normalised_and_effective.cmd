fixture: demo
args: lsmon -N -E
exit: 2
