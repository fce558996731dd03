fixture: demo
args: lsload -R
exit: 2
