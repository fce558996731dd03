fixture: demo
args: lsmon --count 0
exit: 2
