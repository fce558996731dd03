#!/usr/bin/env python3
"""What lsrun adds around the command and the remote shell: process start to exit, p50.

  python3 lsrun_overhead.py BUILD_DIR [RUNS]

Starts one real master lim (hostA) of a two-host cluster on 127.9.61 and times, interleaved
run by run with posix_spawn + waitpid (stdout and stderr to /dev/null):
  true                       /bin/true itself
  lsrun -h                   lsrun's own start (and its read of lsf.conf and hosts)
  lsrun -m hostA true        no placement, run here directly
  lsrun true                 placement by the master (type==local) + run here
  rsh hostB true             a remote shell that only execs /bin/sh -c (the floor)
  lsrun -m hostB true        the same through lsrun
Not run by ctest.
"""
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "integration", "harness"))
from cluster import Cluster  # noqa: E402


def timed(argv, env):
    devnull = os.open(os.devnull, os.O_WRONLY)
    t0 = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1),
                                       (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status = os.waitpid(pid, 0)
    dt = time.perf_counter() - t0
    os.close(devnull)
    assert os.waitstatus_to_exitcode(status) == 0, argv
    return dt * 1000


def main():
    build = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    cmd = os.path.join(build, "lim", "cmd")
    with tempfile.TemporaryDirectory() as tmp, \
            Cluster(block="127.9.61", hosts=["hostA", "hostB"],
                    lim=os.path.join(build, "lim", "daemon", "lim")) as c:
        rsh = os.path.join(tmp, "exec_rsh")
        with open(rsh, "w") as f:
            f.write('#!/bin/sh\nshift\nexec /bin/sh -c "$*"\n')
        os.chmod(rsh, 0o755)
        env = dict(os.environ, LSF_ENVDIR=c.dir, OPENLIM_HOST="hostA", LSF_RSH=rsh)
        c.start("hostA")
        lsrun = os.path.join(cmd, "lsrun")
        c.wait_for(lambda: os.spawnve(os.P_WAIT, lsrun, [lsrun, "true"], env) == 0, 30)
        cases = [("true", ["/bin/true"]),
                 ("lsrun -h", [lsrun, "-h"]),
                 ("lsrun -m hostA true", [lsrun, "-m", "hostA", "true"]),
                 ("lsrun true", [lsrun, "true"]),
                 ("rsh hostB true", [rsh, "hostB", "true"]),
                 ("lsrun -m hostB true", [lsrun, "-m", "hostB", "true"])]
        times = {name: [] for name, _ in cases}
        for _ in range(runs):
            for name, argv in cases:
                times[name].append(timed(argv, env))
        p50 = {name: statistics.median(t) for name, t in times.items()}
        for name, _ in cases:
            print("%-22s p50 %7.3f ms" % (name, p50[name]))
        print("lsrun -m hostA over true:           %.3f ms" % (p50["lsrun -m hostA true"] - p50["true"]))
        print("  of which lsrun's own start:       %.3f ms" % (p50["lsrun -h"] - p50["true"]))
        print("lsrun (placement) over true:        %.3f ms" % (p50["lsrun true"] - p50["true"]))
        print("lsrun -m hostB over the rsh alone:  %.3f ms" %
              (p50["lsrun -m hostB true"] - p50["rsh hostB true"]))


if __name__ == "__main__":
    main()
