fixture: demo
args: bhosts -s -json
exit: 0
