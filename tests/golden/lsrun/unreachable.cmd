fixture: demo
args: lsrun -m hostB true
launch: 255
exit: 255
