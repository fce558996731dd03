"""Rating and load-balancing placement on real lims (docs/rating.md): three lims on
127.8.30.0/24 whose elim sets ut, mem and the 15-second and 1-minute run queues of each
host (nothing the test reads comes from the lims' own sampling); successive
reservations by a rating policy with a band go where the rating formula, the band's turn,
the drop after each placement and MAX_JOBS say; a PBS load-balancing policy takes the least
loaded host and never one whose load would pass its max_load. A host whose elim reports
maxslots and slots has maxslots - slots current jobs, live and offline alike.

Run: LIM_BIN=build/lim/daemon/lim MELIM_BIN=build/melim/io/melim CMD_DIR=build/lim/cmd \
     python3 -m unittest -v test_rating
"""
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "harness"))
from cluster import Cluster  # noqa: E402

LIM = os.environ.get("LIM_BIN", "")
MELIM = os.environ.get("MELIM_BIN", "")
CMD_DIR = os.environ.get("CMD_DIR", "")

NCPUS = 8     # LSF_NCPUS: every host has 8 CPUs, so 8 free slots
VUPS = 100    # the Generic model's CPU factor: VUPS per CPU
SMP = 0.2     # RATING_SMP_FACTOR's default
MEM_K = 20000  # a host with all its memory free: Memory_rating (RATING_MEM_WEIGHT set to fit)
BAND = 10

# What each host's elim reports: ut (0-1), free memory as a share of maxmem, r15s. hostA
# and hostB start within the band of each other; hostC rates highest but takes at most
# MAX_JOBS = 2 jobs. The r15s values give the three COM_FACTOR cases (1 < 8, 8 == 8, 9 > 8
# after hostC's first job).
START = {"hostA": (0.0, 0.5, 1), "hostB": (0.2, 0.5, 1), "hostC": (0.1, 0.9, 8)}
# The 1-minute run queue each elim pins (an elim overrides r1m by its formal name): the load
# that PBS load balancing reads. Each lim's own r1m is sampled and smoothed by that lim, so
# three lims on one machine never agree on it; pinned, hostA is the less loaded of A and B by
# half a job, and hostC stays below its max_load (0.5) until a job is placed there.
R1M = {"hostA": 0.25, "hostB": 0.75, "hostC": 0.25}
MAX_JOBS = {"hostC": 2}

POLICIES = """
policy: rated
sort: rating
band: %d
policy: lb
sort: NLB_NCPUS
load_balancing: true
""" % BAND

# Each host's elim (one script; the host is known by the one site resource mapped to it)
# reports the values of its file once the test has written it, and a scheduler's batch slots
# (maxslots, free slots) once its slots file is there.
ELIM = """#!/bin/sh
case " $LSF_RESOURCES " in
  *" ra "*) tag=ra host=hostA;; *" rb "*) tag=rb host=hostB;; *) tag=rc host=hostC;;
esac
while :; do
  if [ -r "%(dir)s/vals.$host" ]; then
    read ut mem r15s r1m < "%(dir)s/vals.$host"
    echo "5 $tag 1 ut $ut mem $mem r15s $r15s r1m $r1m"
  else
    echo "1 $tag 1"
  fi
  [ $? -eq 0 ] || exit 1
  if [ -r "%(dir)s/slots.$host" ]; then
    read maxslots slots < "%(dir)s/slots.$host"
    echo "2 maxslots $maxslots slots $slots" || exit 1
  fi
  sleep 0.2
done
"""


def com_factor(count, ncpus):
    return 0.5 if count > ncpus else 1.0 if count == ncpus else 1.5


def rating(ut, mem, maxmem, r15s, jobs, max_jobs, mem_weight):
    """The seed's formula, as docs/rating.md maps it onto the lim's values."""
    if max_jobs is not None and jobs >= max_jobs:
        return 0.0
    free = (1 - min(max(ut, 0.0), 1.0)) * 100
    calc = free * VUPS * NCPUS * com_factor(int(r15s + 0.5), NCPUS) + 3 * NCPUS * VUPS
    cpu = calc * 1.0 * (1 + (NCPUS - 1) * SMP) / NCPUS
    return cpu + min(max(mem, 0.0), maxmem) / maxmem * maxmem * 10 * mem_weight


def expected_picks(maxmem, mem_weight, n):
    """n placements by the band's turn: the hosts within BAND % of the best rating, taken in
    name order after the last one given; each placement drops the chosen host's rating (ut
    +1/ncpus, mem -maxmem/ncpus, r15s +1) and adds a job. Also returns each step's band and
    whether hostC was left out only by its MAX_JOBS."""
    state = {h: [ut, share * maxmem[h], r15s, 0] for h, (ut, share, r15s) in START.items()}
    last, picks, bands, capped = "", [], [], []
    for _ in range(n):
        r = {h: rating(s[0], s[1], maxmem[h], s[2], s[3], MAX_JOBS.get(h), mem_weight)
             for h, s in state.items()}
        best = max(v for v in r.values() if v > 0)
        members = sorted(h for h, v in r.items() if v > 0 and best - v <= best * BAND / 100)
        # No host near the band's edge: the small decay of the drop cannot move one across.
        for h, v in r.items():
            if v > 0:
                assert abs((best - v) / best * 100 - BAND) > 1.5, (h, r)
        s = state["hostC"]
        uncapped = rating(s[0], s[1], maxmem["hostC"], s[2], 0, None, mem_weight)
        capped.append(r["hostC"] == 0 and best - uncapped <= best * BAND / 100)
        after = [h for h in members if h > last]
        pick = after[0] if after else members[0]
        last = pick
        picks.append(pick)
        bands.append(members)
        s = state[pick]
        s[0] += 1.0 / NCPUS
        s[1] -= maxmem[pick] / NCPUS
        s[2] += 1
        s[3] += 1
    return picks, bands, capped


def mem_total_mb():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    return 16384


class TestRatingPlacement(unittest.TestCase):
    def setUp(self):
        if not (LIM and MELIM and CMD_DIR and os.access(LIM, os.X_OK)):
            raise unittest.SkipTest("LIM_BIN, MELIM_BIN and CMD_DIR are needed")
        # The memory weight that makes a host with all its memory free rate MEM_K from
        # memory (Memory_rating = free share x maxmem x 10 x weight).
        self.mem_weight = round(MEM_K / (10.0 * mem_total_mb()), 6)
        hosts = ["hostA", "hostB", "hostC"]
        self.c = Cluster(
            block="127.8.30", hosts=hosts, lim=LIM,
            resources=["ra Numeric 1 N N (tag)", "rb Numeric 1 N N (tag)",
                       "rc Numeric 1 N N (tag)"],
            resource_map=["ra ([hostA])", "rb ([hostB])", "rc ([hostC])"],
            host_columns=("model type server MXJ ideal_load max_load RESOURCES",
                          {"hostA": "Generic LINUX86 1 - - 1000 ()",
                           "hostB": "Generic LINUX86 1 - - 1000 ()",
                           "hostC": "Generic LINUX86 1 2 - 0.5 ()"}),
            params={"ADJUST_DURATION": 10000, "RATING_MEM_WEIGHT": self.mem_weight},
            conf_extra={"LSF_NCPUS": NCPUS})
        self.addCleanup(self.c.close)
        self.c.conf_extra["LSF_STATEDIR"] = os.path.join(self.c.dir, "state")
        self.c.write_config()
        self.c._write("lsf.policies", POLICIES)
        self.c.install_elim(MELIM, "elim.rate", ELIM % {"dir": self.c.dir})

    def run_cmd(self, *argv):
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST="hostA")
        p = subprocess.run([os.path.join(CMD_DIR, argv[0])] + list(argv[1:]), env=env,
                           capture_output=True, text=True, timeout=30)
        return p.returncode, p.stdout, p.stderr

    def reserve(self, *args):
        """lsreserve; waits out the master's ledger rebuild (exit 4). Returns (rc, hosts)."""
        last = []

        def attempt():
            last[:] = self.run_cmd("lsreserve", *args)
            return last[0] != 4
        self.c.wait_or_dump(attempt, "lsreserve past the ledger rebuild")
        rc, out, err = last
        # "Reservation <ID> is created on host(s): h1 ..."
        return rc, (out.split("host(s):", 1)[1].split() if rc == 0 else err)

    def values(self, host):
        return self.c.host_status("hostA", host).get("values", {})

    def start_with_values(self):
        c = self.c
        c.start_all()
        c.wait_or_dump(lambda: all(c.master_of(h) == "hostA" for h in c.hosts), "master")
        c.wait_or_dump(lambda: all(self.values(h).get("maxmem") for h in c.hosts), "maxmem")
        maxmem = {h: self.values(h)["maxmem"] for h in c.hosts}
        for h, (ut, share, r15s) in START.items():
            c._write("vals." + h, "%r %r %r %r\n" % (ut, share * maxmem[h], r15s, R1M[h]))

        def reported():
            for h, (ut, share, r15s) in START.items():
                v = self.values(h)
                if (v.get("ut"), v.get("r15s"), v.get("r1m")) != (ut, r15s, R1M[h]) or \
                        abs(v.get("mem", -1) - share * maxmem[h]) > 0.01:
                    return False
            return True
        c.wait_or_dump(reported, "every elim's values at the master")
        return maxmem

    def test_rating_band_drop_max_jobs_then_load_balancing(self):
        maxmem = self.start_with_values()
        picks, bands, capped = expected_picks(maxmem, self.mem_weight, 10)
        # What the formula gives with these values: hostA leads alone (hostB 15 % below);
        # its drop brings hostB and hostC within 10 % of it, and the turn goes on by name
        # (hostB, then hostC, though hostA still rates highest); hostC stops at MAX_JOBS.
        self.assertEqual(picks, ["hostA", "hostB", "hostC", "hostA", "hostB", "hostA",
                                 "hostB", "hostC", "hostA", "hostB"])
        self.assertEqual(bands[:4], [["hostA"], ["hostA", "hostB", "hostC"],
                                     ["hostA", "hostC"], ["hostA"]])
        # Without MAX_JOBS hostC would be in the band of the last placement.
        self.assertEqual(capped, [False] * 9 + [True])
        got = []
        for i in range(10):
            rc, hosts = self.reserve("-p", "rated", "-n", "1", "hostA", "hostB", "hostC")
            self.assertEqual(rc, 0, hosts)
            got += hosts
        self.assertEqual(got, picks)
        # The drop reached what the rating reads: each job raised ut by 1/ncpus (the
        # adjustment decays over ADJUST_DURATION x EXINTERVAL = 10000 s: a hair less).
        for h in self.c.hosts:
            jobs = got.count(h)
            self.assertAlmostEqual(self.values(h)["ut"], START[h][0] + jobs / NCPUS, delta=0.01)
        # lspolicy -d shows each host's terms, its jobs among them (the master's path);
        # hostC, rated 0, is not listed.
        rc, out, err = self.run_cmd("lspolicy", "-p", "rated", "-d")
        self.assertEqual(rc, 0, err)
        objects = {o.split(")", 1)[0]: o for o in out.split("object NLB (")[1:]}
        self.assertEqual(sorted(objects), ["hostA", "hostB"])
        for h in ("hostA", "hostB"):
            self.assertIn("    JOBS = %d;\n" % got.count(h), objects[h])
            for term in ("RATING", "Cpu_calc", "COM_FACTOR", "CPU_rating", "Memory_rating"):
                self.assertIn("    %s = " % term, objects[h])
        # hostC at MAX_JOBS rates 0: an eleventh rating reservation there is refused.
        rc, err = self.reserve("-p", "rated", "hostC")
        self.assertEqual(rc, 1, err)

        # PBS load balancing on r1m (the elims' pinned values) plus what the placements
        # added: hostA and hostB (max_load 1000) carry 4 jobs each, hostC (max_load 0.5) is
        # over it with any job. Three slots go to hostA, the less loaded of A and B (4.25
        # against 4.75); the next single slots go to hostB (then 2.5, then 1.5 less loaded),
        # never to hostC.
        self.assertEqual((got.count("hostA"), got.count("hostB")), (4, 4))
        for h in ("hostA", "hostB"):
            self.assertAlmostEqual(self.values(h)["r1m"], R1M[h] + 4, delta=0.01)
        rc, three = self.reserve("-p", "lb", "-n", "3")
        self.assertEqual((rc, three), (0, ["hostA"] * 3))
        for _ in range(2):
            rc, hosts = self.reserve("-p", "lb", "-n", "1")
            self.assertEqual((rc, hosts), (0, ["hostB"]))
        rc, err = self.reserve("-p", "lb", "hostC")
        self.assertEqual(rc, 1, err)
        rc, out, err = self.run_cmd("lspolicy", "-p", "lb", "--explain")
        self.assertEqual(rc, 0, err)
        self.assertRegex(out, r"hostC: left out: load_balancing, over max_load")


    def rated_jobs(self, *extra):
        """lspolicy -p rated -d: each listed host's JOBS term."""
        rc, out, err = self.run_cmd("lspolicy", "-p", "rated", "-d", *extra)
        self.assertEqual(rc, 0, err)
        jobs = {}
        for o in out.split("object NLB (")[1:]:
            host, body = o.split(")", 1)
            jobs[host] = int(body.split("    JOBS = ", 1)[1].split(";", 1)[0])
        return jobs

    def test_reported_slots_are_the_current_jobs(self):
        self.start_with_values()
        # hostA runs 3 of its 8 batch slots, hostC 2 of 8 (its MAX_JOBS); hostB says nothing.
        for h, (most, free) in {"hostA": (8, 5), "hostC": (8, 6)}.items():
            self.c._write("slots." + h, "%d %d\n" % (most, free))
        self.c.wait_or_dump(lambda: (self.values("hostA").get("slots"),
                                     self.values("hostC").get("slots")) == (5, 6),
                            "the elims' slots at the master")
        self.assertEqual(self.rated_jobs(), {"hostA": 3, "hostB": 0})  # hostC rates 0
        rc, err = self.reserve("-p", "rated", "hostC")
        self.assertEqual(rc, 1, err)
        # A reservation counts where the host reports no jobs, not on top of what it reports.
        for h in ("hostA", "hostB"):
            rc, hosts = self.reserve("-p", "rated", h)
            self.assertEqual((rc, hosts), (0, [h]))
        self.assertEqual(self.rated_jobs(), {"hostA": 3, "hostB": 1})
        # The offline tester on the master's snapshot reads the same rule: hostA's jobs and
        # hostC's MAX_JOBS agree (a snapshot carries no reservations: hostB's count is gone).
        rc, snap, err = self.run_cmd("lsload", "-json")
        self.assertEqual(rc, 0, err)
        path = os.path.join(self.c.dir, "snap.json")
        with open(path, "w") as f:
            f.write(snap)
        self.assertEqual(self.rated_jobs("--from", path), {"hostA": 3, "hostB": 0})


if __name__ == "__main__":
    unittest.main()
