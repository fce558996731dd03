fixture: demo
args: lsadmin limlock -l abc
exit: 2
