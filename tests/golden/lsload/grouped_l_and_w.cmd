fixture: demo
args: lsload -lw
exit: 2
