fixture: demo
args: lsreserve -n 100
exit: 1
