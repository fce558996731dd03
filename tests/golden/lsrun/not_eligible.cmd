fixture: demo
args: lsrun -R select[mem>1000000] true
exit: 1
