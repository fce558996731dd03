fixture: demo
args: lsinfo -json mem
exit: 0
