fixture: demo
args: lsload -wNn1 hostA
exit: 0
request: {"hosts":["hostA"],"n":1,"op":"load"}
