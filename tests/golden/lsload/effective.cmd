fixture: demo
args: lsload -E
exit: 0
