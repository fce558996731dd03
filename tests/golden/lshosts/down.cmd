fixture: down
args: lshosts
exit: 3
