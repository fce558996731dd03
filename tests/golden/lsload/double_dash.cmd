fixture: demo
args: lsload -json -- hostA
exit: 0
request: {"hosts":["hostA"],"op":"load"}
