fixture: down
args: lsloadadj hostB
exit: 3
