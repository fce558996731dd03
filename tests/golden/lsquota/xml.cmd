fixture: demo
args: lsquota -P proj -pe mpi -q short -xml
exit: 0
request: {"format":"xml","op":"quotas","pe":["mpi"],"project":["proj"],"queue":["short"]}
