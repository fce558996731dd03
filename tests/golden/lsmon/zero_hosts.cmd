fixture: demo
args: lsmon -n 0
exit: 2
