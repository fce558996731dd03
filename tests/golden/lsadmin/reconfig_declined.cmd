fixture: demo
args: lsadmin reconfig
exit: 1
confirm: n
