"""Durable reserve + release pairs per second against a real lim (the production path): a
one-host cluster on 127.7.59.0/24 whose lim is the master and the reserved host, so every
reserve and every release rewrites its state file (temporary file, fsync, rename) before the
reply (the lim writes once per loop turn for all the changes of that turn: group commit).
Requests go over the lim's local socket as lsreserve's do, from `clients` concurrent
connections, each one pair after another: threads of the C++ driver reserve_pairs (the
client library; PAIRS_BIN) when given, else Python processes (which measure the clients more
than the lim: each costs more CPU per request than the lim does).

Run: LIM_BIN=build/lim/daemon/lim PAIRS_BIN=build/tests/bench/reserve/reserve_pairs \
         python3 tests/bench/reserve/reserve_pairs.py [pairs] [active] [clients]
`active`: reservations held throughout (each state-file write carries them all).
BENCH_BLOCK: the 127.x.y address block (default 127.7.59).
BENCH_CANDIDATES=3 BENCH_CONSISTENCY=quorum: three master candidates (hostA the master), so
each change is answered once a majority of their journals has it (docs/reservations.md).
"""

import json
import multiprocessing
import os
import socket
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "integration", "harness"))
from cluster import Cluster, KIND_REQUEST, frame, proc_stats, read_to_end  # noqa: E402


def ask(path, req):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(path)
        s.sendall(frame(KIND_REQUEST, json.dumps(req).encode()))
        buf = read_to_end(s)
    (n,) = struct.unpack(">I", buf[8:12])
    return json.loads(buf[12:12 + n])


def worker(path, pairs):
    for _ in range(pairs):
        r = ask(path, {"op": "reserve", "n": 1})
        if not r.get("ok"):
            raise RuntimeError(r)
        ask(path, {"op": "release", "ids": [r["id"]]})


def main():
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    active = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    clients = int(sys.argv[3]) if len(sys.argv) > 3 else 16
    driver = os.environ.get("PAIRS_BIN")
    hosts = ["hostA", "hostB", "hostC"][:int(os.environ.get("BENCH_CANDIDATES", "1"))]
    params = {"RESERVATION_LEASE": 3600}
    if os.environ.get("BENCH_CONSISTENCY"):
        params["RESERVATION_CONSISTENCY"] = os.environ["BENCH_CONSISTENCY"]
    with Cluster(block=os.environ.get("BENCH_BLOCK", "127.7.59"), hosts=hosts,
                 lim=os.environ["LIM_BIN"], master_list=hosts, params=params) as c:
        state = os.path.join(c.dir, "state")
        c.conf_extra["LSF_STATEDIR"] = state
        c.conf_extra["LSF_NCPUS"] = 100000  # room for every client's reservation at once
        c.write_config()
        c.start_all()
        path = os.path.join(state, "lim.hostA.sock")
        c.wait_for(lambda: os.path.exists(path) and ask(path, {"op": "reserve",
                                                               "n": 1}).get("ok"),
                   timeout=30, what="the master admits reservations")
        if driver and active:
            subprocess.run([driver, path, "1", "1", str(active)], check=True)
        else:
            for _ in range(active):
                ask(path, {"op": "reserve", "n": 1, "hosts": ["hostA"], "lease": 3600})
        writes = c.counter("hostA", "reservation_state_writes")
        cpu0 = proc_stats(c.procs["hostA"].pid)[1]
        t0 = time.monotonic()
        if driver:
            subprocess.run([driver, path, str(pairs), str(clients)], check=True)
        else:
            procs = [multiprocessing.Process(target=worker, args=(path, pairs // clients))
                     for _ in range(clients)]
            for p in procs:
                p.start()
            for p in procs:
                p.join()
        dt = time.monotonic() - t0
        cpu = proc_stats(c.procs["hostA"].pid)[1] - cpu0
        pairs = pairs // clients * clients
        writes = c.counter("hostA", "reservation_state_writes") - writes
        print("%d pairs in %.2f s from %d clients, %d candidate(s) %s: %.0f durable pairs/s (%d"
              " state-file writes, %d active); master lim CPU %.2f s = %.0f pairs per lim CPU"
              " second" % (pairs, dt, clients, len(hosts), params.get("RESERVATION_CONSISTENCY",
                                                                         "quorum"),
                           pairs / dt, writes, active + 1, cpu, pairs / max(cpu, 1e-9)))


if __name__ == "__main__":
    main()
