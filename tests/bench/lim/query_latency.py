#!/usr/bin/env python3
"""The master's share of a query's latency: raw requests over loopback, no command.

  python3 query_latency.py BUILD_DIR [RUNS] [HOSTS] [--perf OUT.data]

Starts one real master lim (hostA) in a cluster of HOSTS simulated hosts (default 10,000; fed
by lim_loadgen), then times connect + request + whole reply for place (-n 16 -w 16), load
-R -n 16, full load, and hosts; p50/p99 per case. With --perf, `perf record -g` runs on the
lim while the cases run. Not run by ctest.
"""
import json
import os
import socket
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "integration", "harness"))
from cluster import Cluster, frame, read_to_end, KIND_REQUEST  # noqa: E402

CASES = [("id", {"op": "id"}),
         ("place -n 16 -w 16", {"op": "place", "resreq": "", "n": 16, "w": 16, "L": False,
                                "explain": False, "local": "hostA"}),
         ("place 1", {"op": "place", "resreq": "", "n": 1, "w": -1, "L": False,
                      "explain": False, "local": "hostA"}),
         ("load -R -n 16", {"op": "load", "resreq": "select[mem>0] order[r1m]", "n": 16}),
         ("load", {"op": "load"}),
         ("hosts", {"op": "hosts"})]


def exchange(addr, port, body):
    data = frame(KIND_REQUEST, body)
    t0 = time.perf_counter()
    with socket.create_connection((addr, port), timeout=30) as s:
        s.sendall(data)
        n = len(read_to_end(s))
    return (time.perf_counter() - t0) * 1000, n


def measure(c, runs):
    addr, port = c.address("hostA"), c.port
    for name, req in CASES:
        body = json.dumps(req).encode()
        reps = runs if not name.startswith(("load", "hosts")) or "-n" in name else max(5, runs // 10)
        times, size = [], 0
        for _ in range(reps):
            dt, size = exchange(addr, port, body)
            times.append(dt)
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print("%-20s p50 %8.3f ms  p99 %8.3f ms  (n=%d, %d bytes)"
              % (name, statistics.median(times), p99, reps, size), flush=True)


def main():
    build = os.path.abspath(sys.argv[1])
    args = [a for a in sys.argv[2:] if not a.startswith("--")]
    runs = int(args[0]) if args else 200
    n = int(args[1]) if len(args) > 1 else 10000
    perf = sys.argv[sys.argv.index("--perf") + 1] if "--perf" in sys.argv else ""
    lim = os.path.join(build, "lim/daemon/lim")
    with Cluster(block="127.6.202", hosts=["hostA"], lim=lim, extra_hosts=n,
                 params={"EXINTERVAL": 15, "HOST_INACTIVITY_LIMIT": 60}) as c:
        c.start("hostA")
        c.wait_for(lambda: c.master_of("hostA") == "hostA", timeout=120)
        gen = os.path.join(build, "tests/bench/lim/lim_loadgen")
        subprocess.run([gen, c.address("hostA"), str(c.port), c.keyfile, "f", str(n), str(n),
                        "2"], check=True, capture_output=True)
        last = "f%d" % (n - 1)
        c.wait_for(lambda: c.host_status("hostA", last).get("status") == "ok", timeout=60)
        rec = None
        if perf:
            rec = subprocess.Popen(["perf", "record", "-g", "-o", perf, "-p",
                                    str(c.procs["hostA"].pid)], stderr=subprocess.DEVNULL)
            time.sleep(0.5)
        measure(c, runs)
        if rec:
            rec.send_signal(2)
            rec.wait()


if __name__ == "__main__":
    main()
