fixture: demo
args: lsinfo -m
exit: 0
