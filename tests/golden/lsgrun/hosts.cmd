fixture: demo
args: lsgrun -v -m 'hostA hostB' uname -a
exit: 0
