fixture: demo
args: lsload -x
exit: 2
