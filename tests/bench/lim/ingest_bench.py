#!/usr/bin/env python3
"""Real-socket figures for the lim: run by hand, not by ctest.

  python3 ingest_bench.py BUILD_DIR [NHOSTS] [RATE] [SECONDS]

1. Master ingest: one real master lim (hostA) in a cluster of NHOSTS extra hosts played by
   lim_loadgen at RATE signed reports/s for SECONDS; prints sent, ingested, loss and the
   master's RssAnon and CPU use.
2. Agent footprint: a one-host cluster idles 20 s; prints lim's RssAnon and CPU share.
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "integration", "harness"))
from cluster import Cluster, proc_stats  # noqa: E402


def udp_rcvbuf_errors():
    with open("/proc/net/snmp") as f:
        rows = [line.split() for line in f if line.startswith("Udp:")]
    return int(rows[1][rows[0].index("RcvbufErrors")])


def ingest(build, n, rate, seconds):
    lim = os.path.join(build, "lim/daemon/lim")
    gen = os.path.join(build, "tests/bench/lim/lim_loadgen")
    with Cluster(block="127.5.200", hosts=["hostA"], lim=lim, extra_hosts=n,
                 params={"EXINTERVAL": 15, "HOST_INACTIVITY_LIMIT": 5}) as c:
        c.start("hostA")
        c.wait_for(lambda: c.master_of("hostA") == "hostA", timeout=120)
        pid = c.procs["hostA"].pid
        before = c.counter("hostA", "reports_ingested")
        rss0, cpu0 = proc_stats(pid)
        t0 = time.monotonic()
        # Each host's first report comes with its holds report, as a lim tells a new master.
        out = subprocess.run([gen, c.address("hostA"), str(c.port), c.keyfile, "f", str(n),
                              str(rate), str(seconds), "holds"], capture_output=True, text=True,
                             check=True)
        sent = int(out.stdout.strip())
        got, last = -1, -2
        while got != last:  # let the master drain its socket buffer
            last = got
            time.sleep(0.5)
            got = c.counter("hostA", "reports_ingested") - before
        rss1, cpu1 = proc_stats(pid)
        wall = time.monotonic() - t0
        st = c.status("hostA")["counters"]
        print("ingest: %d hosts, %d sent at %d/s, %d ingested (%.2f%% lost), master CPU %.0f%% "
              "of a core, RssAnon %d kB -> %d kB; drops: bad_mac %d replay %d malformed %d"
              % (n, sent, rate, got, 100.0 * (sent - got) / max(sent, 1),
                 100 * (cpu1 - cpu0) / wall, rss0, rss1, st["auth_bad_mac"], st["auth_replay"],
                 st["malformed"]))
        up = c.query("hostA", {"op": "load", "n": 1})
        print("load query ok:", up.get("ok"))


def footprint(build):
    lim = os.path.join(build, "lim/daemon/lim")
    with Cluster(block="127.5.201", hosts=["hostA"], lim=lim,
                 params={"EXINTERVAL": 15}) as c:
        c.start("hostA")
        c.wait_for(lambda: c.master_of("hostA") == "hostA", timeout=30)
        time.sleep(5)
        pid = c.procs["hostA"].pid
        rss0, cpu0 = proc_stats(pid)
        time.sleep(20)
        rss1, cpu1 = proc_stats(pid)
        print("agent+master idle (1 host, EXINTERVAL=15, no melim): RssAnon %d kB, CPU %.3f%% "
              "of a core over 20 s" % (rss1, 100 * (cpu1 - cpu0) / 20))


LAT_ELIM = """#!/bin/sh
# Writes the wall-clock time as its value every 2 s.
while echo "1 lat $(date +%s.%N | cut -c1-14)"; do sleep 2; done
"""


def elim_latency(build):
    lim = os.path.join(build, "lim/daemon/lim")
    melim = os.path.join(build, "melim/io/melim")
    with Cluster(block="127.5.202", hosts=["hostA", "hostB"], lim=lim,
                 resources=["lat Numeric 15 Y N (write time)"], resource_map=["lat [default]"],
                 params={"EXINTERVAL": 15}) as c:
        os.symlink(melim, os.path.join(c.serverdir, "melim"))
        path = os.path.join(c.serverdir, "elim.lat")
        with open(path, "w") as f:
            f.write(LAT_ELIM)
        os.chmod(path, 0o755)
        c.start_all()
        c.wait_for(lambda: c.master_of("hostB") == "hostA", timeout=30)
        lags, last = [], None
        deadline = time.time() + 25
        while time.time() < deadline and len(lags) < 8:
            v = c.host_status("hostA", "hostB").get("values", {}).get("lat")
            if v is not None and v != last:
                if last is not None:  # the first one may predate the poll
                    lags.append(time.time() - v)
                last = v
            time.sleep(0.01)
        print("elim write -> master query (hostB's elim, EXINTERVAL=15): %d samples, "
              "max %.3f s, mean %.3f s" % (len(lags), max(lags or [0]),
                                          sum(lags) / max(len(lags), 1)))


if __name__ == "__main__":
    b = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    r = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
    s = float(sys.argv[4]) if len(sys.argv) > 4 else 10
    snmp0 = udp_rcvbuf_errors()
    ingest(b, n, r, s)
    print("kernel UDP RcvbufErrors during the run: %d" % (udp_rcvbuf_errors() - snmp0))
    footprint(b)
    elim_latency(b)
