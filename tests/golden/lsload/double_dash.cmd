fixture: demo
args: lsload -json -- hostA
exit: 0
request: {"derived":true,"hosts":["hostA"],"op":"load"}
