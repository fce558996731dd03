fixture: demo
args: lsadmin reconfig -f
exit: 1
