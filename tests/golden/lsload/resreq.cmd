fixture: demo
args: lsload -R 'select[mem>1G]' -n 2 hostA hostB
exit: 0
request: {"hosts":["hostA","hostB"],"n":2,"op":"load","resreq":"select[mem>1G]"}
