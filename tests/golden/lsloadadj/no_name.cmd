fixture: demo
args: lsloadadj :2
exit: 2
