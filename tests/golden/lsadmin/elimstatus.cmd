fixture: demo
args: lsadmin elimstatus
exit: 3
