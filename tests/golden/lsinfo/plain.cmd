fixture: demo
args: lsinfo
exit: 0
