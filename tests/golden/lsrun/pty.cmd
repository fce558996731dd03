fixture: demo
args: lsrun -m hostB -P vi
rsh: ssh -o "BatchMode yes"
exit: 0
