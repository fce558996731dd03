fixture: down
args: lsreserve -n 1
exit: 3
