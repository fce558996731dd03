fixture: demo
args: lsmon -R
exit: 2
