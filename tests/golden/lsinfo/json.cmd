fixture: demo
args: lsinfo -json
exit: 0
