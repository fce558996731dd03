fixture: demo
args: lsgrun -p -m 'hostB hostC' true
launch: 255
exit: 255
