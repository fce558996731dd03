fixture: down
args: lsinfo
exit: 3
