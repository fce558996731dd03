fixture: demo
args: lsgrun true
exit: 2
