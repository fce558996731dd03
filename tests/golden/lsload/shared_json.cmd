fixture: demo
args: lsload -s -json
exit: 0
