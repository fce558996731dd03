fixture: demo
args: lsadmin limlock -x
exit: 2
