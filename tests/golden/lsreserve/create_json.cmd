fixture: demo
args: lsreserve -n 3 -json
exit: 0
