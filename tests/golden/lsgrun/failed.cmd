fixture: demo
args: lsgrun -m 'hostB hostC' false
launch: 1
exit: 1
