fixture: down
args: lsload
exit: 3
