fixture: demo
args: lsreserve -l -json
exit: 0
request: {"op":"reservations"}
