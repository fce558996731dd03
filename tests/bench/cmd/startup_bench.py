#!/usr/bin/env python3
"""Every one-request command's start-to-exit time against /bin/true, p50, same loop, same run.

  python3 startup_bench.py BUILD_DIR [--runs N] [--dir LABEL=CMD_DIR ...] [--lim LIM]

Starts one real master lim (hostA) of a one-host cluster on 127.0.77.0/24 and times, run by
run interleaved (posix_spawn + waitpid, stdout and stderr to /dev/null), /bin/true and each
command below from every command folder given (default: BUILD_DIR/lim/cmd, labelled
"build"). Two folders, e.g. --dir before=/tmp/old --dir after=build/lim/cmd, compare two
builds in the same loop, so machine noise hits both alike. Prints per folder and command the
p50 in ms and its difference to /bin/true's p50 (the issue's goal: within 0.5 ms).
Not run by ctest.
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "integration", "harness"))
from cluster import Cluster  # noqa: E402

# The commands that ask the lim one question and print its answer.
CASES = [["lsid"], ["lsload"], ["lshosts"], ["lsinfo"], ["lsplace"], ["lsclusters"],
         ["bhosts", "-s"], ["lsquota"], ["lsloadadj", "hostA"]]


def timed(argv, env):
    devnull = os.open(os.devnull, os.O_WRONLY)
    t0 = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1),
                                       (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status, usage = os.wait4(pid, 0)
    dt = time.perf_counter() - t0
    os.close(devnull)
    cpu = usage.ru_utime + usage.ru_stime
    return dt * 1000, os.waitstatus_to_exitcode(status), cpu * 1000


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("build")
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--dir", action="append", default=[], metavar="LABEL=CMD_DIR")
    p.add_argument("--lim", help="the lim binary (default BUILD_DIR/lim/daemon/lim)")
    a = p.parse_args()
    build = os.path.abspath(a.build)
    dirs = [d.split("=", 1) for d in a.dir] or [["build", os.path.join(build, "lim", "cmd")]]
    return a, build, [(label, os.path.abspath(d)) for label, d in dirs]


def main():
    a, build, dirs = parse()
    lim = a.lim or os.path.join(build, "lim", "daemon", "lim")
    with Cluster(block="127.0.77", hosts=["hostA"], lim=lim) as c:
        env = dict(os.environ, LSF_ENVDIR=c.dir, OPENLIM_HOST="hostA")
        c.start("hostA")
        # Timed from the first run where every command gets its answer (a master elected,
        # hostA reporting).
        first = [[os.path.join(dirs[0][1], case[0])] + case[1:] for case in CASES]
        c.wait_for(lambda: all(timed(argv, env)[1] == 0 for argv in first), timeout=60)
        runs = [("true", ["/bin/true"])]
        runs += [("%s %s" % (label, " ".join(case)), [os.path.join(d, case[0])] + case[1:])
                 for label, d in dirs for case in CASES]
        times = {name: [] for name, _ in runs}
        cpus = {name: [] for name, _ in runs}
        codes = {name: set() for name, _ in runs}
        for _ in range(a.runs):
            for name, argv in runs:
                dt, rc, cpu = timed(argv, env)
                times[name].append(dt)
                cpus[name].append(cpu)
                codes[name].add(rc)
        report(runs, times, cpus, codes, a.runs)


def report(runs, times, cpus, codes, n):
    """Wall p50 and its difference to /bin/true's; the child's own CPU (user + system, p50),
    which other work on a busy machine disturbs less than the wall time."""
    floor = statistics.median(times["true"])
    cpu_floor = statistics.median(cpus["true"])
    print("%-26s wall p50 %6.3f ms                     cpu p50 %6.3f ms"
          % ("/bin/true", floor, cpu_floor))
    for name, _ in runs[1:]:
        p50, cpu = statistics.median(times[name]), statistics.median(cpus[name])
        print("%-26s wall p50 %6.3f ms  over true %+6.3f  cpu p50 %6.3f ms  over true %+6.3f"
              "  (n=%d, exit %s)" % (name, p50, p50 - floor, cpu, cpu - cpu_floor, n,
                                    sorted(codes[name])))


if __name__ == "__main__":
    main()
