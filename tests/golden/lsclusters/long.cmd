fixture: demo
args: lsclusters -l
exit: 0
