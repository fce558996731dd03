fixture: demo
args: lsadmin limlock -l 60
exit: 0
request: {"host":"hostA","op":"lock","seconds":60}
