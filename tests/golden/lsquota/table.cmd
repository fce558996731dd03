fixture: demo
args: lsquota
exit: 0
request: {"format":"text","op":"quotas"}
