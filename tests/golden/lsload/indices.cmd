fixture: demo
args: lsload -I r15s:ut:usr_tmp:nio
exit: 0
