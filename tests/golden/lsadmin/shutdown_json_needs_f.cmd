fixture: demo
args: lsadmin limshutdown -json all
exit: 2
