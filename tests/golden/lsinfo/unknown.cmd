fixture: demo
args: lsinfo mem nosuch
exit: 1
