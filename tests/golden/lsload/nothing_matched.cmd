fixture: demo
args: lsload -R 'select[mem>100T]'
exit: 1
