fixture: demo
args: lsrun -m hostB true
rsh: ssh "open
exit: 2
