fixture: demo
args: lsrun -v -l -m hostB true
launch: 255
exit: 255
