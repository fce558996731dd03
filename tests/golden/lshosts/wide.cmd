fixture: demo
args: lshosts -w
exit: 0
