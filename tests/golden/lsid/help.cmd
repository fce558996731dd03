fixture: demo
args: lsid -h
exit: 0
