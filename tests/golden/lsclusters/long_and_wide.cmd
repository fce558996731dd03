fixture: demo
args: lsclusters -l -w
exit: 2
