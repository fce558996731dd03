fixture: demo
args: lshosts -json
exit: 0
