fixture: demo
args: lsadmin reconfig
exit: 0
confirm: n
