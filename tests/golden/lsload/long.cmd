fixture: demo
args: lsload -l
exit: 0
