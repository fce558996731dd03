fixture: demo
args: lsgrun -f lsgrun/none.txt true
exit: 1
