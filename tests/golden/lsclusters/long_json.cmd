fixture: demo
args: lsclusters -l -json
exit: 0
