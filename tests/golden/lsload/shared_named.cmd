fixture: demo
args: lsload -s licenses nosuch
exit: 1
request: {"names":["licenses","nosuch"],"op":"shared"}
