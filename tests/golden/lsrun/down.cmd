fixture: down
args: lsrun true
exit: 3
