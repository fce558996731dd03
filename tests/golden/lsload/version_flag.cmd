fixture: demo
args: lsload -V
exit: 0
