fixture: demo
args: lsquota extra
exit: 2
