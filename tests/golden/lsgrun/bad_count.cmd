fixture: demo
args: lsgrun -n 0 true
exit: 2
