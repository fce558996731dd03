fixture: demo
args: lsmon -x
exit: 2
