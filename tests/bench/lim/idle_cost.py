#!/usr/bin/env python3
"""What an idle lim costs its host (run by hand, not by ctest):

  python3 idle_cost.py LIM_BIN MELIM_BIN [SECONDS] [BLOCK]

A one-host cluster (EXINTERVAL 15, as shipped) whose lim runs its melim with one elim that
reports a value every 15 s, three times: with the metrics endpoint off; on, idle (one scrape
before the idle period, none during it); and on, scraped every 15 s (Prometheus's default
interval). After a settling period it reads, for lim and melim, the CPU time of every thread
(/proc/<pid>/task/*/schedstat, in ns: the 10 ms ticks of /proc/<pid>/stat are too coarse
for a minute of an idle daemon), waits SECONDS (default 60), reads it again and reads
Threads: and RssAnon (/proc/<pid>/status). Prints CPU ms per minute for lim, melim and
both, the threads, RssAnon and how many times per minute their threads ran (wakeups). Prints figures only; never asserts. BLOCK (default
127.9.90) is the loopback block: give each concurrent run its own.
"""
import os
import sys
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "integration", "harness"))
from cluster import Cluster  # noqa: E402

ELIM = """#!/bin/sh
while echo "1 nio 1"; do sleep 15; done
"""
SETTLE_SECONDS = 20  # election, melim start, the first reports: not idle yet


def status_fields(pid):
    out = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            key, _, value = line.partition(":")
            out[key] = value.split()[0] if value.split() else ""
    return out


def cpu_ns(pid):
    """CPU time of the process's live threads in ns, and how many times they ran (the
    third field of schedstat: a wakeup of an idle daemon is one run)."""
    total, runs = 0, 0
    for tid in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, tid)) as f:
                fields = f.read().split()
                total += int(fields[0])
                runs += int(fields[2])
        except OSError:
            pass  # a thread that just ended
    return total, runs


def children(pid):
    with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
        return [int(p) for p in f.read().split()]


def free_port():
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def scrape(url):
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.read()


def measure(lim, melim, seconds, block, metrics, scrape_every=None):
    extra = {}
    port = free_port()
    if metrics:
        extra["LSF_METRICS_ADDR"] = ":%d" % port
    c = Cluster(block=block, hosts=["hostA"], lim=lim, conf_extra=extra,
                resources=["nio Numeric 15 Y N (I/O)"], resource_map=["nio [default]"],
                params={"EXINTERVAL": 15})
    try:
        c.install_elim(melim, "elim.nio", ELIM)
        c.start("hostA")
        c.wait_or_dump(lambda: c.master_of("hostA") == "hostA", "master elected")
        url = "http://%s:%d/metrics" % (c.address("hostA"), port)
        if metrics:
            scrape(url)
        time.sleep(SETTLE_SECONDS)
        pids = {"lim": c.procs["hostA"].pid}
        kids = children(pids["lim"])
        if kids:
            pids["melim"] = kids[0]
        t0 = {k: cpu_ns(p) for k, p in pids.items()}
        end = time.monotonic() + seconds
        while scrape_every and time.monotonic() + scrape_every <= end:
            time.sleep(scrape_every)
            scrape(url)
        time.sleep(max(end - time.monotonic(), 0))
        t1 = {k: cpu_ns(p) for k, p in pids.items()}
        rows = {}
        for k, p in pids.items():
            st = status_fields(p)
            rows[k] = ((t1[k][0] - t0[k][0]) / 1e6 * 60.0 / seconds, int(st["Threads"]),
                       int(st["RssAnon"]), (t1[k][1] - t0[k][1]) * 60.0 / seconds)
        return rows
    finally:
        c.close()


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    lim, melim = sys.argv[1], sys.argv[2]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 60
    block = sys.argv[4] if len(sys.argv) > 4 else "127.9.90"
    print("%-12s %-6s %12s %8s %12s %10s" % ("metrics", "proc", "CPU ms/min", "threads",
                                              "RssAnon kB", "runs/min"))
    for label, metrics, every in (("off", False, None), ("on", True, None),
                                  ("on+scrapes", True, 15)):
        rows = measure(lim, melim, seconds, block, metrics, every)
        for k, (cpu, threads, rss, runs) in rows.items():
            print("%-12s %-6s %12.1f %8d %12d %10.0f" % (label, k, cpu, threads, rss, runs))
        print("%-12s %-6s %12.1f %8s %12d %10.0f" % (
            label, "sum", sum(r[0] for r in rows.values()), "",
            sum(r[2] for r in rows.values()), sum(r[3] for r in rows.values())))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
