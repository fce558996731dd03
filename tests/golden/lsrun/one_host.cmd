fixture: demo
args: lsrun -m hostC -R 'select[nosuch]' sh -c 'echo "$x" it\s'
exit: 0
