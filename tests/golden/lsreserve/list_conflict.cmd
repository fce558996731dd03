fixture: demo
args: lsreserve -l -n 2
exit: 2
