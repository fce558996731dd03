fixture: demo
args: lsreserve -n 4 -w 2
exit: 2
