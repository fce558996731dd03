fixture: demo
args: lsadmin limlock -json -l 60
exit: 1
