fixture: demo
args: lsadmin limunlock
exit: 1
