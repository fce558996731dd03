fixture: demo
args: lslogin -m hostC
exit: 1
