fixture: demo
args: lsquota -u
exit: 2
