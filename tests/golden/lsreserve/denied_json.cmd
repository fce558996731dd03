fixture: demo
args: lsreserve -json -u bob
exit: 1
