fixture: down
args: lsadmin elimstatus -json
exit: 3
