fixture: down
args: lsid
exit: 3
