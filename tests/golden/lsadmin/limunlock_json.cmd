fixture: demo
args: lsadmin limunlock -json
exit: 0
request: {"host":"hostA","op":"unlock"}
