fixture: demo
args: lsloadadj
request: {"hosts":["hostA"],"op":"loadadj"}
exit: 0
