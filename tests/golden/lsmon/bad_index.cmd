fixture: demo
args: lsmon -I r1m:nosuch --count 1
exit: 1
