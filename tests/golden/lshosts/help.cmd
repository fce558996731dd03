fixture: demo
args: lshosts -h
exit: 0
