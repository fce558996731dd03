fixture: demo
args: lsgrun -p -m 'hostA hostB hostC' hostname
exit: 0
