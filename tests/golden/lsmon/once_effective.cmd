fixture: demo
args: lsmon -E --count 1
exit: 0
