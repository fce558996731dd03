fixture: demo
args: lsreserve -t 0
exit: 2
