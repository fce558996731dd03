fixture: demo
args: lsrun -R select[mem>100]
exit: 2
