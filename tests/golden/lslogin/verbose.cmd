fixture: demo
args: lslogin -v -R select[mem>100] -X -o 'ForwardAgent yes'
launch: unstarted
exit: 255
