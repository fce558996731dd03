fixture: demo
args: lsinfo -z
exit: 2
