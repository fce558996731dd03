fixture: demo
args: lsmon -i 86401
exit: 2
