fixture: demo
args: lsgrun -m hostB true
launch: unstarted
exit: 255
