fixture: demo
args: lsadmin limshutdown -f -json all
exit: 1
