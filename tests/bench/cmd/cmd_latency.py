#!/usr/bin/env python3
"""End-to-end latency of the commands: process start to exit, p50 and p99.

  python3 cmd_latency.py BUILD_DIR [RUNS] [CASE_SUBSTRING] [--only-10k]

Starts one real master lim (hostA) in a cluster of 1 host, then one of 10,000 hosts played by
tests/bench/lim's lim_loadgen (signed UDP reports), and times lsload, lsload -R '...' -n 16,
lsplace (-n 16 too) and lshosts with posix_spawn + waitpid. Not run by ctest.
"""
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "integration", "harness"))
from cluster import Cluster  # noqa: E402

CASES = [("lsid", []), ("lsload", []),
         ("lsload -R -n 16", ["-R", "select[mem>0] order[r1m]", "-n", "16"]),
         ("lsplace", []), ("lsplace -n 16", ["-n", "16", "-w", "16"]), ("lshosts", [])]


def timed(path, args, env):
    devnull = os.open(os.devnull, os.O_WRONLY)
    t0 = time.perf_counter()
    pid = os.posix_spawn(path, [path] + args, env,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1),
                                       (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status = os.waitpid(pid, 0)
    dt = time.perf_counter() - t0
    os.close(devnull)
    return dt * 1000, os.waitstatus_to_exitcode(status)


def measure(build, c, runs, label, only=""):
    env = dict(os.environ, LSF_ENVDIR=c.dir, OPENLIM_HOST="hostA")
    for name, args in CASES:
        if only and only not in name:
            continue
        path = os.path.join(build, "lim/cmd", name.split()[0])
        times, codes = [], set()
        for _ in range(runs):
            dt, rc = timed(path, args, env)
            times.append(dt)
            codes.add(rc)
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print("%-8s %-18s p50 %7.2f ms  p99 %7.2f ms  (n=%d, exit %s)"
              % (label, name, statistics.median(times), p99, runs, sorted(codes)))


def feed(build, c, n, seconds):
    gen = os.path.join(build, "tests/bench/lim/lim_loadgen")
    subprocess.run([gen, c.address("hostA"), str(c.port), c.keyfile, "f", str(n), str(n),
                    str(seconds)], check=True, capture_output=True)


def main():
    build = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    only = sys.argv[3] if len(sys.argv) > 3 else ""
    lim = os.path.join(build, "lim/daemon/lim")
    with Cluster(block="127.6.210", hosts=["hostA"], lim=lim) as c:
        c.start("hostA")
        c.wait_for(lambda: c.master_of("hostA") == "hostA", timeout=60)
        c.wait_for(lambda: c.host_status("hostA", "hostA").get("status") == "ok", timeout=60)
        if "--only-10k" not in sys.argv:
            measure(build, c, runs, "1 host", only)
    n = 10000
    with Cluster(block="127.6.211", hosts=["hostA"], lim=lim, extra_hosts=n,
                 params={"EXINTERVAL": 15, "HOST_INACTIVITY_LIMIT": 60}) as c:
        c.start("hostA")
        c.wait_for(lambda: c.master_of("hostA") == "hostA", timeout=120)
        feed(build, c, n, 2)  # every simulated host reports once (at 10,000/s)
        c.wait_for(lambda: c.host_status("hostA", "f9999").get("status") == "ok", timeout=60)
        # HOST_INACTIVITY_LIMIT 60 x EXINTERVAL 15 s keeps them ok while we measure.
        measure(build, c, runs, "10k", only)


if __name__ == "__main__":
    main()
