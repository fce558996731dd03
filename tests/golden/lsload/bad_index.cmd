fixture: demo
args: lsload -I r15s:nosuch
exit: 1
