fixture: demo
args: lsload -I licenses
exit: 1
