fixture: demo
args: lsreserve --explain hostA
exit: 1
request: {"L":false,"explain":true,"hosts":["hostA"],"n":1,"op":"reserve","w":-1}
