fixture: demo
args: lsrun -h
exit: 0
