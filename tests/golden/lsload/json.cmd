fixture: demo
args: lsload -json
exit: 0
