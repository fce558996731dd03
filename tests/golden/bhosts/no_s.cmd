fixture: demo
args: bhosts
exit: 2
