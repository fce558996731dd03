fixture: demo
args: lsload -R 'select[mem>]'
exit: 2
