fixture: demo
args: lsclusters -x
exit: 2
