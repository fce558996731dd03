fixture: demo
args: lsrun -m hostB true
launch: unstarted
rsh: /no/rsh
exit: 255
