fixture: demo
args: lsgrun -n 4 true
exit: 1
