fixture: demo
args: lsrun -l -R select[mem>100] true
launch: 255
exit: 255
