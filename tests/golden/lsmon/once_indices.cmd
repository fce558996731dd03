fixture: demo
args: lsmon -I r1m:ut:mem --count 1
exit: 0
