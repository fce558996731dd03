fixture: demo
args: lshosts -q
exit: 2
