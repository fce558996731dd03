fixture: down
args: lsquota
exit: 3
