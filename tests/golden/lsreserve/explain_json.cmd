fixture: demo
args: lsreserve -n 3 -json --explain
exit: 0
