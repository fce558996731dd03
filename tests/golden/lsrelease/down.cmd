fixture: down
args: lsrelease hostA:1.1
exit: 3
