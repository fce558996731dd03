fixture: demo
args: lsinfo -l swp usr_tmp licenses
exit: 0
