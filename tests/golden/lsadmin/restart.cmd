fixture: demo
args: lsadmin limrestart hostB hostC
exit: 0
