fixture: demo
args: lsclusters -w
exit: 0
