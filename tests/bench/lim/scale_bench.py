#!/usr/bin/env python3
"""The master at scale, over loopback (run by hand, not by ctest):

  python3 scale_bench.py BUILD_DIR [NHOSTS] [RATE] [RUNS]

One real master lim (hostA) in a cluster of NHOSTS simulated hosts (default 10,000) that
lim_loadgen keeps reporting at RATE reports/s (default 6,700) while it measures:
  - place -n 16 -w 16 and load -R -n 16: p50/p99 of connect + request + whole reply;
  - full load: time of connect + request + whole reply (median and worst of 5);
  - id p50/p99 while another client reads a full load 16 KiB every 100 ms (a slow reader
    with a small receive window);
    an id that gets no answer in 10 s counts as a timeout;
  - reports sent vs ingested (lost = sent - ingested, after the socket drains);
  - the master's RssAnon at the end.
Prints figures only; never asserts times.
"""
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "integration", "harness"))
from cluster import Cluster, frame, read_to_end, proc_stats, KIND_REQUEST  # noqa: E402

PLACE = {"op": "place", "resreq": "", "n": 16, "w": 16, "L": False, "explain": False,
         "local": "hostA"}
LOAD_R = {"op": "load", "resreq": "select[mem>0] order[r1m]", "n": 16}


def exchange(addr, req, timeout=30):
    t0 = time.perf_counter()
    with socket.create_connection(addr, timeout=timeout) as s:
        s.sendall(frame(KIND_REQUEST, json.dumps(req).encode()))
        n = len(read_to_end(s))
    return (time.perf_counter() - t0) * 1000, n


def pct(times, p):
    times = sorted(times)
    return times[min(len(times) - 1, int(len(times) * p))]


def timed(name, addr, req, runs):
    times, size = [], 0
    for _ in range(runs):
        dt, size = exchange(addr, req)
        times.append(dt)
    print("%-22s p50 %9.3f ms  p99 %9.3f ms  (n=%d, %d bytes)"
          % (name, statistics.median(times), pct(times, 0.99), runs, size), flush=True)


class SlowReader(threading.Thread):
    def __init__(self, addr):
        super().__init__(daemon=True)
        self.addr, self.stop, self.got, self.started = addr, False, 0, threading.Event()

    def run(self):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)  # before connect
            s.settimeout(120)
            s.connect(self.addr)
            s.sendall(frame(KIND_REQUEST, json.dumps({"op": "load"}).encode()))
            while not self.stop:
                try:
                    chunk = s.recv(16384)
                except OSError:
                    return
                if not chunk:
                    return
                self.got += len(chunk)
                self.started.set()
                time.sleep(0.1)


def id_under_slow_reader(addr, runs):
    r = SlowReader(addr)
    r.start()
    r.started.wait(30)
    times, timeouts = [], 0
    t_end = time.monotonic() + 60
    for _ in range(runs):
        if time.monotonic() > t_end:
            break
        try:
            dt, _ = exchange(addr, {"op": "id"}, timeout=10)
            times.append(dt)
        except OSError:
            timeouts += 1
    r.stop = True
    if times:
        print("%-22s p50 %9.3f ms  p99 %9.3f ms  (n=%d, %d timeouts; reader had %d bytes)"
              % ("id, slow reader", statistics.median(times), pct(times, 0.99), len(times),
                 timeouts, r.got), flush=True)
    else:
        print("id, slow reader: no answer (%d timeouts)" % timeouts, flush=True)
    r.join(15)


def main():
    build = os.path.abspath(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    rate = int(sys.argv[3]) if len(sys.argv) > 3 else 6700
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    lim = os.path.join(build, "lim/daemon/lim")
    gen = os.path.join(build, "tests/bench/lim/lim_loadgen")
    with Cluster(block="127.6.204", hosts=["hostA"], lim=lim, extra_hosts=n,
                 params={"EXINTERVAL": 15, "HOST_INACTIVITY_LIMIT": 60}) as c:
        c.start("hostA")
        c.wait_for(lambda: c.master_of("hostA") == "hostA", timeout=300)
        addr = (c.address("hostA"), c.port)
        # Every host reports once, at a pace the master's socket buffer absorbs.
        prime = min(n, 20000)
        # ... and tells it what reservations it keeps (none), as a lim does a new master.
        subprocess.run([gen, addr[0], str(c.port), c.keyfile, "f", str(n), str(prime),
                        str(n / prime + 1), "holds"], check=True, capture_output=True)
        c.wait_for(lambda: c.host_status("hostA", "f%d" % (n - 1)).get("status") == "ok",
                   timeout=120)
        before = c.counter("hostA", "reports_ingested")
        seconds = 90
        load = subprocess.Popen([gen, addr[0], str(c.port), c.keyfile, "f", str(n), str(rate),
                                 str(seconds)], stdout=subprocess.PIPE, text=True)
        t0 = time.monotonic()
        timed("place -n 16 -w 16", addr, PLACE, runs)
        timed("load -R -n 16", addr, LOAD_R, runs)
        timed("load (full)", addr, {"op": "load"}, 5)
        id_under_slow_reader(addr, runs)
        print("measuring took %.0f s of the %d s report stream" % (time.monotonic() - t0,
                                                                    seconds), flush=True)
        sent = int(load.communicate()[0].strip())
        got, last = -1, -2
        while got != last:
            last = got
            time.sleep(1)
            got = c.counter("hostA", "reports_ingested") - before
        rss, _ = proc_stats(c.procs["hostA"].pid)
        print("reports: %d sent at %d/s, %d ingested, %d lost; master RssAnon %d kB"
              % (sent, rate, got, sent - got, rss), flush=True)


if __name__ == "__main__":
    main()
