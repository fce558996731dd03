fixture: demo
args: lsload
exit: 0
