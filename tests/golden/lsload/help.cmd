fixture: demo
args: lsload -h
exit: 0
