fixture: demo
args: lsadmin reconfig -f -json -v
exit: 0
