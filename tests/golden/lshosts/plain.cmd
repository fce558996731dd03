fixture: demo
args: lshosts
exit: 0
