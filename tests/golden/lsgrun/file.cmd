fixture: demo
args: lsgrun -f lsgrun/hosts.txt true
exit: 0
