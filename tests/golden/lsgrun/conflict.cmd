fixture: demo
args: lsgrun -m hostA -n 2 true
exit: 2
