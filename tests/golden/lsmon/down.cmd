fixture: down
args: lsmon --count 1
exit: 3
