fixture: demo
args: lsquota -u all -h hostA -l slots -json
exit: 0
request: {"format":"json","host":["hostA"],"op":"quotas","resource":["slots"],"user":["all"]}
