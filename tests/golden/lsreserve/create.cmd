fixture: demo
args: lsreserve -n 3 -R rusage[mem=500] -P proj -q normal -pe mpi -t 3600
exit: 0
request: {"L":false,"lease":3600,"n":3,"op":"reserve","pe":"mpi","project":"proj","queue":"normal","resreq":"rusage[mem=500]","w":-1}
