fixture: demo
args: lsloadadj hostB:x
exit: 2
