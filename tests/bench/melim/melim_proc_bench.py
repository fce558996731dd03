#!/usr/bin/env python3
"""melim process figures: RssAnon and idle CPU with 8 elims reporting every 15 s, and the
latency from an elim's write to melim's stdout line.

usage: melim_proc_bench.py /path/to/melim [idle_seconds=30]
"""
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

melim = sys.argv[1]
idle_seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 30
tmp = tempfile.mkdtemp(prefix="melim-bench-")
elimdir = os.path.join(tmp, "serverdir")
os.mkdir(elimdir)
names = ["r%d" % i for i in range(7)] + ["lat"]
for n in names[:7]:
    with open(os.path.join(elimdir, "elim." + n), "w") as f:
        f.write('#!/bin/sh\ni=0\nwhile :; do i=$((i+1)); echo "1 %s $i" || exit 1; sleep 15; done\n' % n)
    os.chmod(os.path.join(elimdir, "elim." + n), 0o755)
fifo = os.path.join(tmp, "lat.fifo")
os.mkfifo(fifo)
with open(os.path.join(elimdir, "elim.lat"), "w") as f:
    f.write('#!/bin/sh\nexec cat "%s"\n' % fifo)  # cat passes each write straight through
os.chmod(os.path.join(elimdir, "elim.lat"), 0o755)

env = dict(os.environ, LSF_ELIM_DIR=elimdir, LSF_RESOURCES=" ".join(names), OPENLIM_HOST="b")
env.pop("LSF_ENVDIR", None)
p = subprocess.Popen([melim], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
fd = p.stdout.fileno()
buf = b""


def read_line(timeout):
    global buf
    end = time.monotonic() + timeout
    while b"\n" not in buf:
        r, _, _ = select.select([fd], [], [], max(0, end - time.monotonic()))
        if not r:
            return None
        buf += os.read(fd, 65536)
    line, buf = buf.split(b"\n", 1)
    return line.decode()


w = os.open(fifo, os.O_WRONLY)  # opens once elim.lat's cat is reading
time.sleep(2)
while read_line(0.1) is not None:
    pass


def stat_ticks(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def rss_anon(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("RssAnon"):
                return line.split(None, 1)[1].strip()


print("melim RssAnon with 8 elims:", rss_anon(p.pid))
t0, c0 = time.monotonic(), stat_ticks(p.pid)
end = t0 + idle_seconds
while time.monotonic() < end:
    read_line(end - time.monotonic())
t1, c1 = time.monotonic(), stat_ticks(p.pid)
hz = os.sysconf("SC_CLK_TCK")
print("idle CPU over %.0f s: %.3f %% (%d ticks of 1/%d s)" %
      (t1 - t0, 100.0 * (c1 - c0) / hz / (t1 - t0), c1 - c0, hz))
print("melim RssAnon after idle:", rss_anon(p.pid))

lat = []
for i in range(300):
    msg = "1 lat %d\n" % i
    start = time.monotonic()
    os.write(w, msg.encode())
    while True:
        line = read_line(5)
        if line is None:
            break
        if (" lat %d " % i) in line + " ":
            lat.append(time.monotonic() - start)
            break
    time.sleep(0.01)
lat.sort()
print("latency elim write -> melim stdout over %d writes: median %.3f ms, p99 %.3f ms, max %.3f ms"
      % (len(lat), 1000 * statistics.median(lat), 1000 * lat[int(len(lat) * 0.99) - 1],
         1000 * lat[-1]))
os.close(w)
p.send_signal(signal.SIGTERM)
p.wait()
shutil.rmtree(tmp, ignore_errors=True)
