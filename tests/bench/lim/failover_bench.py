#!/usr/bin/env python3
"""Failover and agent-footprint figures with real lims; run by hand, not by ctest.

  python3 failover_bench.py BUILD_DIR [failover|idle|both]

failover: three lims (hostA..C) with EXINTERVAL=15 and the daemon's default
  MASTER_INACTIVITY_LIMIT / HOST_INACTIVITY_LIMIT / PROBE_TIMEOUT; once all agree on hostA,
  hostA is killed with SIGKILL and the time until hostB and hostC both name hostB is printed.
  Takes about 40-60 s.
idle: one lim with two example-style elims (one value each, every 15 s) under melim; after
  a settle period, lim+melim RssAnon (sum) and their CPU share over 30 s are printed.
"""
import os
import signal
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "integration", "harness"))
from cluster import Cluster, proc_stats  # noqa: E402

ELIM = """#!/bin/sh
# Example-style elim: one value every 15 s.
case " $LSF_RESOURCES " in *" %(res)s "*) ;; *) exit ${ELIM_ABORT_VALUE:-97};; esac
while echo "1 %(res)s %(value)s"; do sleep 15; done
"""


def wait_for(pred, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(0.1)
    raise SystemExit("timed out waiting for " + what)


def failover(build):
    hosts = ["hostA", "hostB", "hostC"]
    with Cluster(block="127.5.60", hosts=hosts, lim=os.path.join(build, "lim/daemon/lim")) as c:
        for k in ("PROBE_TIMEOUT", "HOST_INACTIVITY_LIMIT", "MASTER_INACTIVITY_LIMIT"):
            c.params.pop(k, None)  # the daemon's defaults, as a site would have them
        c.write_config(params={"EXINTERVAL": 15})
        c.start_all()
        wait_for(lambda: all(c.master_of(h) == "hostA" for h in hosts), 120, "hostA elected")
        time.sleep(7)  # kill at an arbitrary point of the heartbeat cycle
        t0 = time.monotonic()
        c.stop("hostA", signal.SIGKILL)
        wait_for(lambda: all(c.master_of(h) == "hostB" for h in hosts[1:]), 300, "failover")
        dt = time.monotonic() - t0
        print("failover: EXINTERVAL=15, 3 lims, kill -9 master -> hostB and hostC agree "
              "on hostB after %.1f s" % dt)


def idle(build, seconds=30):
    melim = os.path.join(build, "melim/io/melim")
    res = ["Numeric 15 N N (example elim)"]
    with Cluster(block="127.5.61", hosts=["hostA"], lim=os.path.join(build, "lim/daemon/lim"),
                 resources=["ex1 " + res[0], "ex2 " + res[0]],
                 resource_map=["ex1 [default]", "ex2 [default]"],
                 params={"EXINTERVAL": 15}) as c:
        os.symlink(melim, os.path.join(c.serverdir, "melim"))
        for name, value in (("ex1", 1), ("ex2", 2)):
            path = os.path.join(c.serverdir, "elim." + name)
            with open(path, "w") as f:
                f.write(ELIM % {"res": name, "value": value})
            os.chmod(path, 0o755)
        c.start("hostA")
        wait_for(lambda: c.try_query("hostA", {"op": "elimstatus", "host": "hostA"})
                 .get("hosts", [{}])[0].get("melim", {}).get("running"), 30, "melim")
        time.sleep(5)
        lim_pid = c.procs["hostA"].pid
        melim_pid = c.try_query("hostA", {"op": "elimstatus", "host": "hostA"})[
            "hosts"][0]["melim"]["pid"]
        r0 = [proc_stats(p) for p in (lim_pid, melim_pid)]
        time.sleep(seconds)
        r1 = [proc_stats(p) for p in (lim_pid, melim_pid)]
        cpu = [(b[1] - a[1]) / seconds * 100 for a, b in zip(r0, r1)]
        print("idle %d s, 2 elims every 15 s: lim RssAnon %d kB, melim RssAnon %d kB, "
              "sum %d kB; CPU lim %.3f%% melim %.3f%% sum %.3f%% of a core"
              % (seconds, r1[0][0], r1[1][0], r1[0][0] + r1[1][0], cpu[0], cpu[1], sum(cpu)))


if __name__ == "__main__":
    build = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build")
    what = sys.argv[2] if len(sys.argv) > 2 else "both"
    if what in ("idle", "both"):
        idle(build)
    if what in ("failover", "both"):
        failover(build)
