fixture: demo
args: lsquota -x
exit: 2
