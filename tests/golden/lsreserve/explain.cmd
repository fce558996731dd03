fixture: demo
args: lsreserve -n 3 --explain
exit: 0
request: {"L":false,"explain":true,"n":3,"op":"reserve","w":-1}
