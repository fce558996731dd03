fixture: demo
args: lsrun -m hostB sleep 100
launch: 143
exit: 143
