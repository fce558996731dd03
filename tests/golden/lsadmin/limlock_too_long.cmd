fixture: demo
args: lsadmin limlock -l 99999999999
exit: 2
