#!/usr/bin/env python3
"""The client library against the commands: p50 and p99 per call.

  python3 client_latency.py BUILD_DIR [CALLS] [--only-10k] [--before DIR]

1. One real master lim (hostA, 127.7.41.0/24): lsid and lsload as processes (start to exit).
2. The same lim with 10,000 more hosts played by tests/bench/lim's lim_loadgen
   (127.7.42.0/24): lsf_api_bench times ls_placereq and ls_load with -R ... -n 16 from one
   process, CALLS calls of each in a row; then lsplace and lsload with the same arguments as
   processes. Not run by ctest.
--before DIR also times DIR's lsid and lsload (another build's commands) in step 1, run for
run alternating with this build's, so that both see the same machine load.
"""
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "integration", "harness"))
from cluster import Cluster  # noqa: E402

RESREQ = "select[mem>0] order[r1m]"


def timed(path, args, env):
    devnull = os.open(os.devnull, os.O_WRONLY)
    t0 = time.perf_counter()
    pid = os.posix_spawn(path, [path] + args, env,
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1),
                                       (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status = os.waitpid(pid, 0)
    os.close(devnull)
    return (time.perf_counter() - t0) * 1000, os.waitstatus_to_exitcode(status)


def commands(dirs, c, cases, runs, label):
    """dirs: {label: directory of the commands}; their runs alternate."""
    env = dict(os.environ, LSF_ENVDIR=c.dir, OPENLIM_HOST="hostA")
    for name, args in cases:
        times = {k: [] for k in dirs}
        codes = {k: set() for k in dirs}
        for _ in range(runs):
            for k, d in dirs.items():
                dt, rc = timed(os.path.join(d, name), args, env)
                times[k].append(dt)
                codes[k].add(rc)
        for k in dirs:
            t = sorted(times[k])
            p99 = t[min(len(t) - 1, int(len(t) * 0.99))]
            print("%-6s %-7s %-34s p50 %7.3f ms  p99 %7.3f ms  (n=%d, exit %s)"
                  % (label, k, " ".join([name] + args), statistics.median(t), p99, runs,
                     sorted(codes[k])))


def main():
    build = os.path.abspath(sys.argv[1])
    calls = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 1000
    lim = os.path.join(build, "lim/daemon/lim")
    dirs = {"this": os.path.join(build, "lim/cmd")}
    if "--before" in sys.argv:
        dirs = {"before": sys.argv[sys.argv.index("--before") + 1], **dirs}
    if "--only-10k" not in sys.argv:
        with Cluster(block="127.7.41", hosts=["hostA"], lim=lim) as c:
            c.start("hostA")
            c.wait_for(lambda: c.master_of("hostA") == "hostA", timeout=60)
            c.wait_for(lambda: c.host_status("hostA", "hostA").get("status") == "ok", timeout=60)
            commands(dirs, c, [("lsid", []), ("lsload", [])], 300, "1 host")
    n = 10000
    with Cluster(block="127.7.42", hosts=["hostA"], lim=lim, extra_hosts=n,
                 params={"EXINTERVAL": 15, "HOST_INACTIVITY_LIMIT": 60}) as c:
        c.start("hostA")
        c.wait_for(lambda: c.master_of("hostA") == "hostA", timeout=120)
        gen = os.path.join(build, "tests/bench/lim/lim_loadgen")
        subprocess.run([gen, c.address("hostA"), str(c.port), c.keyfile, "f", str(n), str(n),
                        "2"], check=True, capture_output=True)
        c.wait_for(lambda: c.host_status("hostA", "f9999").get("status") == "ok", timeout=60)
        env = dict(os.environ, LSF_ENVDIR=c.dir, OPENLIM_HOST="hostA")
        bench = os.path.join(build, "tests/bench/client/lsf_api_bench")
        p = subprocess.run([bench, RESREQ, "16", str(calls)], env=env, capture_output=True,
                           text=True)
        print("\n".join("10k    " + line for line in p.stdout.splitlines()), p.stderr)
        commands({"this": dirs["this"]}, c, [("lsplace", ["-R", RESREQ, "-n", "16", "-w", "16"]),
                            ("lsload", ["-R", RESREQ, "-n", "16"])], 200, "10k")


if __name__ == "__main__":
    main()
