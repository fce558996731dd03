fixture: demo
args: lsquota -json -xml
exit: 2
