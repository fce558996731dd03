fixture: demo
args: lsreserve -l
exit: 0
