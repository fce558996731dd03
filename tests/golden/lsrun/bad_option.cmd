fixture: demo
args: lsrun -x true
exit: 2
