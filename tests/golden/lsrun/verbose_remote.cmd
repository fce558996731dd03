fixture: demo
args: lsrun -v -R select[mem>100] make -j8
request: {"L":false,"explain":false,"local":"hostA","n":1,"op":"place","resreq":"select[mem>100]","w":-1}
exit: 0
