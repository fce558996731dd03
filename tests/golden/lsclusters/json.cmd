fixture: demo
args: lsclusters -json
exit: 0
