fixture: demo
args: lsadmin limshutdown all
exit: 0
