fixture: demo
args: lsgrun -R select[mem>0] -n 2 true
exit: 0
