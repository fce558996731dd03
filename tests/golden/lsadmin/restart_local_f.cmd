fixture: demo
args: lsadmin limrestart -f
exit: 0
request: {"host":"hostA","op":"restart"}
