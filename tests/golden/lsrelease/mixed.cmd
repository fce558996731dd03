fixture: demo
args: lsrelease hostA:1.1 hostA:1.2 hostA:1.3
exit: 1
request: {"ids":["hostA:1.1","hostA:1.2","hostA:1.3"],"op":"release"}
