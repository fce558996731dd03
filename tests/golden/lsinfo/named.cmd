fixture: demo
args: lsinfo mem cs
exit: 0
