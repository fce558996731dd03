fixture: demo
args: lsadmin limunlock hostB
exit: 2
