fixture: demo
args: lsmon -N --count 1
exit: 0
