fixture: down
args: lsadmin limlock
exit: 3
