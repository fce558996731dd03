fixture: demo
args: lsgrun -m hostB
stdin: 'echo $HOME' 'ls -l'
exit: 0
