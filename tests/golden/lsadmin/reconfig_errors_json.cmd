fixture: demo
args: lsadmin reconfig -f -json
exit: 1
