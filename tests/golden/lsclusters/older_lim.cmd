fixture: demo
args: lsclusters
exit: 0
