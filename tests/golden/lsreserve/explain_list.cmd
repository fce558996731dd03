fixture: demo
args: lsreserve -l --explain
exit: 2
