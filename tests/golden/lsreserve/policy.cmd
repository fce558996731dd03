fixture: demo
args: lsreserve -p fast -a mem=2
exit: 1
request: {"L":false,"attrs":["mem=2"],"n":1,"op":"reserve","policy":"fast","w":-1}
