#!/usr/bin/env python3
"""The metrics endpoint against a real master lim: scrape time over HTTP, and whether other
queries keep their latency while scrapes run (the scrape is written on the lim's loop from
the published snapshot, a slice per turn, with queries answered between slices).

  python3 scrape_latency.py BUILD_DIR [RUNS] [HOSTS] [PAUSE]

Starts one master lim (hostA, 127.7.33.11) in a cluster of HOSTS simulated hosts (default
10,000; fed by lim_loadgen), then: scrapes in a row (p50/p99 of GET /metrics, whole body
read); `load -R -n 16` and `place -n 16` p50/p99 with no scrape running; the same while a
thread scrapes, PAUSE seconds between scrapes (default 0: back to back; Prometheus's
default interval is 15 s). Not run by ctest.
"""
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "integration", "harness"))
from cluster import Cluster, frame, read_to_end, KIND_REQUEST  # noqa: E402

CASES = [("load -R -n 16", {"op": "load", "resreq": "select[mem>0] order[r1m]", "n": 16}),
         ("place -n 16", {"op": "place", "resreq": "", "n": 16, "w": 16, "L": False,
                          "explain": False, "local": "hostA"}),
         ("id", {"op": "id"})]


def pct(times):
    times = sorted(times)
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def exchange(addr, port, body):
    t0 = time.perf_counter()
    with socket.create_connection((addr, port), timeout=30) as s:
        s.sendall(frame(KIND_REQUEST, body))
        read_to_end(s)
    return (time.perf_counter() - t0) * 1000


def scrape(url):
    t0 = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as r:
        n = len(r.read())
    return (time.perf_counter() - t0) * 1000, n


def queries(c, runs, label):
    for name, req in CASES:
        body = json.dumps(req).encode()
        times = [exchange(c.address("hostA"), c.port, body) for _ in range(runs)]
        p50, p99 = pct(times)
        print("%-14s %-16s p50 %8.3f ms  p99 %8.3f ms  (n=%d)" % (label, name, p50, p99, runs),
              flush=True)


def main():
    build = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
    pause = float(sys.argv[4]) if len(sys.argv) > 4 else 0
    lim = os.path.join(build, "lim/daemon/lim")
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    mport = s.getsockname()[1]
    s.close()
    with Cluster(block="127.7.33", hosts=["hostA"], lim=lim, extra_hosts=n,
                 params={"EXINTERVAL": 15, "HOST_INACTIVITY_LIMIT": 60},
                 conf_extra={"LSF_METRICS_ADDR": ":%d" % mport}) as c:
        c.start("hostA")
        c.wait_for(lambda: c.master_of("hostA") == "hostA", timeout=120)
        gen = os.path.join(build, "tests/bench/lim/lim_loadgen")
        subprocess.run([gen, c.address("hostA"), str(c.port), c.keyfile, "f", str(n), str(n),
                        "2"], check=True, capture_output=True)
        last = "f%d" % (n - 1)
        c.wait_for(lambda: c.host_status("hostA", last).get("status") == "ok", timeout=60)
        url = "http://%s:%d/metrics" % (c.address("hostA"), mport)
        times, size = [], 0
        for _ in range(max(5, runs // 30)):
            dt, size = scrape(url)
            times.append(dt)
        p50, p99 = pct(times)
        print("%d hosts: scrape p50 %.1f ms  p99 %.1f ms  (%d bytes, n=%d)"
              % (n, p50, p99, size, len(times)), flush=True)
        queries(c, runs, "no scrape")
        stop = threading.Event()
        scrapes = [0]

        def scraper():
            while not stop.is_set():
                scrape(url)
                scrapes[0] += 1
                stop.wait(pause)
        t = threading.Thread(target=scraper, daemon=True)
        t.start()
        queries(c, runs, "scraping")
        stop.set()
        t.join()
        print("scrapes during the second run: %d" % scrapes[0])


if __name__ == "__main__":
    main()
