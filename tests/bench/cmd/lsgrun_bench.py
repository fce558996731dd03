#!/usr/bin/env python3
"""`lsgrun -p -n 64 true` through the test remote shell: wall time and peak processes.

  python3 lsgrun_bench.py BUILD_DIR [RUNS] [NHOSTS]

Starts one real master lim (hostA) on 127.0.79.0/24 in a cluster of NHOSTS hosts (default
64): hostA and NHOSTS-1 hosts f0.. played by tests/bench/lim's lim_loadgen (one signed load
report each), so `-n NHOSTS` finds them all available. LSF_RSH is
tests/integration/remote/openlim_test_rsh, which runs each "remote" command here. Prints the
p50 and max wall time over RUNS runs (default 20, nothing else running), then, over as many
runs again, the peak number of processes under lsgrun (its descendants, /proc sampled as
fast as it goes; that sampling takes a CPU, so those runs are not timed). Not run by ctest.
"""
import os
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "integration", "harness"))
from cluster import Cluster  # noqa: E402

RSH = os.path.join(HERE, "..", "..", "integration", "remote", "openlim_test_rsh")


def parents():
    """pid -> ppid of every process now."""
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                out[int(d)] = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            pass
    return out


def descendants(root, ppid):
    kids = {}
    for pid, parent in ppid.items():
        kids.setdefault(parent, []).append(pid)
    n, todo = 0, [root]
    while todo:
        for k in kids.get(todo.pop(), []):
            n += 1
            todo.append(k)
    return n


def run(argv, env, sample):
    """One lsgrun: (wall seconds, exit code, peak descendants or 0)."""
    peak = [0]
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    done = threading.Event()

    def watch():
        while not done.is_set():
            peak[0] = max(peak[0], descendants(p.pid, parents()))
    t = threading.Thread(target=watch) if sample else None
    if t:
        t.start()
    rc = p.wait()
    dt = time.perf_counter() - t0
    done.set()
    if t:
        t.join()
    return dt, rc, peak[0]


def main():
    build = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 64
    lim = os.path.join(build, "lim", "daemon", "lim")
    gen = os.path.join(build, "tests", "bench", "lim", "lim_loadgen")
    with Cluster(block="127.0.79", hosts=["hostA"], lim=lim, extra_hosts=n - 1,
                 params={"EXINTERVAL": 15, "HOST_INACTIVITY_LIMIT": 60}) as c:
        c.start("hostA")
        c.wait_for(lambda: c.master_of("hostA") == "hostA", timeout=60)
        subprocess.run([gen, c.address("hostA"), str(c.port), c.keyfile, "f", str(n - 1),
                        str(n), "2"], check=True, capture_output=True)
        last = "f%d" % (n - 2)
        c.wait_for(lambda: c.host_status("hostA", last).get("status") == "ok", timeout=60)
        c.wait_for(lambda: c.host_status("hostA", "hostA").get("status") == "ok", timeout=60)
        env = dict(os.environ, LSF_ENVDIR=c.dir, OPENLIM_HOST="hostA", LSF_RSH=RSH)
        argv = [os.path.join(build, "lim", "cmd", "lsgrun"), "-p", "-n", str(n), "true"]
        timed = [run(argv, env, False) for _ in range(runs)]
        sampled = [run(argv, env, True) for _ in range(runs)]
        walls = [t for t, _, _ in timed]
        codes = sorted({rc for _, rc, _ in timed + sampled})
        print("lsgrun -p -n %d true: wall p50 %.1f ms, max %.1f ms (n=%d, exit %s)"
              % (n, statistics.median(walls) * 1000, max(walls) * 1000, runs, codes))
        print("peak processes under lsgrun: max %d, p50 %d (n=%d sampled runs)"
              % (max(p for _, _, p in sampled), statistics.median(p for _, _, p in sampled),
                 runs))


if __name__ == "__main__":
    main()
