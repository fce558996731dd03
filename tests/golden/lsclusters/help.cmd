fixture: demo
args: lsclusters -h
exit: 0
