fixture: down
args: lsreserve -l -json
exit: 3
