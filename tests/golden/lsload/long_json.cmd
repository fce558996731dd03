fixture: demo
args: lsload -l -json
exit: 0
