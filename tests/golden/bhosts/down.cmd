fixture: down
args: bhosts -s
exit: 3
