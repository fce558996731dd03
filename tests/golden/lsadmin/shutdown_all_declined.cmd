fixture: demo
args: lsadmin limshutdown all
exit: 1
confirm: n
