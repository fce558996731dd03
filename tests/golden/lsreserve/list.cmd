fixture: demo
args: lsreserve -l -u all
exit: 0
request: {"op":"reservations","user":"all"}
