fixture: demo
args: lsinfo -r
exit: 0
