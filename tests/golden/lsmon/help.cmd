fixture: demo
args: lsmon -h
exit: 0
