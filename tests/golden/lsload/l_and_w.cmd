fixture: demo
args: lsload -l -w
exit: 2
