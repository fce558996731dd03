fixture: demo
args: lsquota -u alice,
exit: 2
