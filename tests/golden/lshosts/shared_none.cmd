fixture: demo
args: lshosts -s
exit: 0
