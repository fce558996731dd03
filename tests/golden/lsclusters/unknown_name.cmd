fixture: demo
args: lsclusters other
exit: 1
