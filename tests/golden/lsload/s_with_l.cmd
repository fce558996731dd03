fixture: demo
args: lsload -s -l
exit: 2
