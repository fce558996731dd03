fixture: demo
args: lsmon -i 0
exit: 2
