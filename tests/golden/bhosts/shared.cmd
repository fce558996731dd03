fixture: demo
args: bhosts -s
exit: 0
