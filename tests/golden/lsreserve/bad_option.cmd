fixture: demo
args: lsreserve -x
exit: 2
