fixture: down
args: lsclusters
exit: 3
