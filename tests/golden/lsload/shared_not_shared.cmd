fixture: demo
args: lsload -s mem
exit: 1
request: {"names":["mem"],"op":"shared"}
