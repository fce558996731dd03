fixture: demo
args: lsrun -v echo hi
launch: 3
exit: 3
