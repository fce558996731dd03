fixture: demo
args: lsreserve -u bob
exit: 1
