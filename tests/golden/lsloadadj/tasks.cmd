fixture: demo
args: lsloadadj -R rusage[mem=100] hostB:3 hostC
request: {"hosts":["hostB","hostB","hostB","hostC"],"op":"loadadj","resreq":"rusage[mem=100]"}
exit: 0
