fixture: demo
args: lsquota -u alice,b* -u carol -h host[AB] -q night.q,d?y -P apollo -pe mpi -l slots,lic*
exit: 0
request: {"format":"text","host":["host[AB]"],"op":"quotas","pe":["mpi"],"project":["apollo"],"queue":["night.q","d?y"],"resource":["slots","lic*"],"user":["alice","b*","carol"]}
