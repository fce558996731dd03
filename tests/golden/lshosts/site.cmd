fixture: demo
args: lshosts -l
exit: 0
