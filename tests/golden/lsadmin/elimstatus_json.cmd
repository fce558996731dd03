fixture: demo
args: lsadmin elimstatus -json hostA
exit: 3
