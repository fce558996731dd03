fixture: demo
args: lsloadadj hostB:0
exit: 2
