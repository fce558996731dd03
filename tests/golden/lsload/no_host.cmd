fixture: demo
args: lsload nosuch
exit: 1
