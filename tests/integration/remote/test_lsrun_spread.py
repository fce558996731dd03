"""Consecutive lsruns spread out: three real lims on 127.9.62.0/24 whose elims pin the run
queues and paging rate that lsrun's default order (r15s:pg) reads, so nothing the test
depends on comes from the machine's own load. hostA is the least loaded by 0.1 and hostC the
most; each placement adds +1 to the chosen host's run queues for ADJUST_DURATION x
EXINTERVAL (docs/protocol.md, "What a placement adjusts"), so three lsruns in a row go to
hostA, hostB and hostC. Without the adjustment (ADJUST_DURATION = 0) all three go to hostA.

Run: LIM_BIN=build/lim/daemon/lim MELIM_BIN=build/melim/io/melim CMD_DIR=build/lim/cmd \
     python3 -m unittest -v test_lsrun_spread
"""
import os
import re
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "harness"))
from cluster import Cluster  # noqa: E402

LIM = os.environ.get("LIM_BIN", "")
MELIM = os.environ.get("MELIM_BIN", "")
CMD_DIR = os.environ.get("CMD_DIR", "")
RSH = os.path.join(HERE, "openlim_test_rsh")
HOSTS = ["hostA", "hostB", "hostC"]
# The run queue each host's elim reports (r15s, r1m, r15m alike; pg 0 everywhere).
RUN_QUEUE = {"hostA": 0.1, "hostB": 0.2, "hostC": 0.3}

# Each host's elim knows its host by the one site resource mapped to it.
ELIM = """#!/bin/sh
case " $LSF_RESOURCES " in
  *" ta "*) tag=ta q=%(hostA)s;; *" tb "*) tag=tb q=%(hostB)s;; *) tag=tc q=%(hostC)s;;
esac
while :; do
  echo "5 $tag 1 r15s $q r1m $q r15m $q pg 0" || exit 1
  sleep 0.2
done
""" % RUN_QUEUE


class LsrunSpreadTest(unittest.TestCase):
    def setUp(self):
        if not (LIM and MELIM and CMD_DIR and os.access(LIM, os.X_OK)):
            raise unittest.SkipTest("LIM_BIN, MELIM_BIN and CMD_DIR are needed")
        self.c = Cluster(
            block="127.9.62", hosts=HOSTS, lim=LIM,
            resources=["ta Numeric 1 N N (tag)", "tb Numeric 1 N N (tag)",
                       "tc Numeric 1 N N (tag)"],
            resource_map=["ta ([hostA])", "tb ([hostB])", "tc ([hostC])"],
            # A minute of adjustment: the three runs fall well inside it on a busy machine.
            params={"ADJUST_DURATION": 60})
        self.addCleanup(self.c.close)
        self.c.install_elim(MELIM, "elim.queue", ELIM)

    def pinned(self):
        for h in HOSTS:
            v = self.c.host_status("hostA", h).get("values", {})
            q = RUN_QUEUE[h]
            if h == "hostA" and self.c.master_of("hostA") != "hostA":
                return False
            if (v.get("r15s"), v.get("r1m"), v.get("r15m"), v.get("pg")) != (q, q, q, 0):
                return False
        return True

    def lsrun_host(self):
        """Runs `lsrun -v` once; returns the host its <<Execute on host>> line names."""
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST="hostA", LSF_RSH=RSH)
        p = subprocess.run([os.path.join(CMD_DIR, "lsrun"), "-v", "sh", "-c",
                            'echo "${OPENLIM_RSH_HOST:-hostA}"'],
                           env=env, capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        where = re.search(r"<<Execute on host (\S+)>>", p.stderr)
        self.assertIsNotNone(where, p.stderr)
        # The host lsrun names is the one the command ran on (locally for hostA).
        self.assertEqual(p.stdout.strip(), where.group(1))
        return where.group(1)

    def test_consecutive_lsruns_go_to_different_hosts(self):
        self.c.start_all()
        self.c.wait_or_dump(self.pinned, "every elim's run queue at the master", timeout=60)
        self.assertEqual([self.lsrun_host() for _ in HOSTS], HOSTS)


if __name__ == "__main__":
    unittest.main()
