fixture: demo
args: lsreserve -n x
exit: 2
