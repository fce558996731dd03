fixture: demo
args: lsmon --count 1
exit: 0
