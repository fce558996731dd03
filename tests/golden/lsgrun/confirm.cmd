fixture: demo
args: lsgrun -i -m 'hostA hostB' true
confirm: n
exit: 0
