fixture: demo
args: lsadmin limrestart -json hostB hostC
exit: 0
