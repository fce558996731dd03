fixture: demo
args: lsquota -help
exit: 0
