fixture: demo
args: lsid extra
exit: 2
