fixture: demo
args: lsclusters demo
exit: 0
