fixture: demo
args: lsid -json
exit: 0
