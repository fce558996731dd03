fixture: demo
args: lsadmin elimstatus hostB
exit: 3
request: {"host":"hostB","op":"elimstatus"}
