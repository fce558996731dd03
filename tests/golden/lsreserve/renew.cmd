fixture: demo
args: lsreserve -r hostA:1764000000000.1 -t 600
exit: 0
request: {"id":"hostA:1764000000000.1","lease":600,"op":"renew"}
