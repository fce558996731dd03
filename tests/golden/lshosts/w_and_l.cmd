fixture: demo
args: lshosts -w -l
exit: 2
