fixture: demo
args: lsreserve -n 1
exit: 4
