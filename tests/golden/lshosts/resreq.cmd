fixture: demo
args: lshosts -R cs
exit: 0
request: {"op":"hosts","resreq":"cs"}
