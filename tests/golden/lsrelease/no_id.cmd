fixture: demo
args: lsrelease
exit: 2
