fixture: demo
args: lsinfo -M
exit: 0
