fixture: demo
args: lsclusters other demo
exit: 1
