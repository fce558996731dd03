fixture: demo
args: bhosts -s licenses osrel
exit: 1
request: {"names":["licenses","osrel"],"op":"shared"}
