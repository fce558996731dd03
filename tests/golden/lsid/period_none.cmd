fixture: demo
args: lsid
exit: 0
