fixture: demo
args: lsrelease hostA:1.1
exit: 0
