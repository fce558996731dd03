"""lim with its real melim and elims (127.9.40.0/24 and up, one block per test): external
values go stale by lim's and the master's clocks whatever happens to melim, each value keeps
its own age up to the load reply, and a master change does not restart the hosts' melims.

Run: LIM_BIN=build/lim/daemon/lim MELIM_BIN=build/melim/io/melim \
     python3 -m unittest -v test_lim_melim
"""
import os
import shutil
import signal
import sys
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "harness"))
from cluster import Cluster  # noqa: E402

LIM = os.environ.get("LIM_BIN", "")
MELIM = os.environ.get("MELIM_BIN", "")

# Reports nio every 0.3 s and licenses once (then only nio).
NIO_ELIM = """#!/bin/sh
echo "1 licenses 5" || exit 1
while echo "1 nio 344"; do sleep 0.3; done
"""

# usr_tmp once, then silence (its INTERVAL is long: it stays known, and ages).
SLOW_ELIM = """#!/bin/sh
echo "1 usr_tmp 47.5" || exit 1
exec sleep 1000
"""

# Reports which host serves scratch (a shared instance) and its own nio.
HOST_ELIM = """#!/bin/sh
while :; do
  case " $LSF_RESOURCES " in *" scratch "*) echo "2 nio 1 scratch 70";; *) echo "1 nio 1";; esac
  [ $? -eq 0 ] || exit 1
  sleep 0.3
done
"""


class Base(unittest.TestCase):
    block = None
    hosts = ["hostA"]
    kwargs = {}

    def setUp(self):
        if not LIM or not MELIM:
            raise unittest.SkipTest("LIM_BIN and MELIM_BIN are needed")
        self.c = Cluster(block=self.block, hosts=self.hosts, lim=LIM, **self.kwargs)
        self.addCleanup(self.c.close)

    def wait(self, pred, what, timeout=30):
        return self.c.wait_or_dump(pred, what, timeout)

    def load(self, host, of=None):
        h = self.c.host_status(host, of or host)
        return h.get("values", {}), h.get("ages", {})

    def melim(self, host):
        r = self.c.try_query(host, {"op": "elimstatus", "host": host})
        hs = r.get("hosts", [])
        return hs[0] if hs else {}


class TestStaleWhenMelimCannotRun(Base):
    block = "127.9.40"
    kwargs = {"resources": ["nio Numeric 2 Y N (I/O)", "licenses Numeric 2 N N (Licenses)"],
              "resource_map": ["nio [default]", "licenses [default]"],
              "params": {"LSF_ELIM_STALE_FACTOR": 2, "LSF_ELIM_RESTART_INTERVAL": 1}}

    def test_values_go_unknown_and_failures_are_logged_when_melim_cannot_restart(self):
        c = self.c
        c.install_elim(MELIM, "elim.nio", NIO_ELIM)
        c.start("hostA")
        self.wait(lambda: self.load("hostA")[0].get("nio") == 344, "nio known")
        # licenses is reported once: 2 s x 2 later it is stale, by everyone's clock.
        self.wait(lambda: self.load("hostA")[0].get("licenses") is None, "licenses stale",
                  timeout=15)
        self.assertEqual(self.load("hostA")[0].get("nio"), 344)
        # The admin removes the serverdir, reconfigs, and melim dies: it cannot come back.
        shutil.rmtree(c.serverdir)
        c.signal("hostA", signal.SIGHUP)
        pid = self.melim("hostA")["melim"]["pid"]
        os.kill(pid, signal.SIGKILL)
        self.wait(lambda: self.melim("hostA")["melim"]["deaths"] >= 3, "melim deaths")
        values, ages = self.load("hostA")
        self.assertIsNone(values.get("nio"))  # unknown at once: its melim is dead
        self.assertNotIn("nio", ages)
        before = self.melim("hostA")["melim"]
        with open(os.path.join(c.logdir, "lim.log.hostA")) as f:  # c.log() adds stderr too
            log = f.read()
        after = self.melim("hostA")["melim"]
        self.assertEqual(after["last_exit"], 127)
        self.assertFalse(after["running"])
        # Each death is logged once at most (a crash loop sparsely), and each log line is one.
        logged = log.count("melim exited with code 127") + log.count("melim killed by signal 9")
        self.assertIn("melim killed by signal 9", log)
        self.assertGreaterEqual(logged, before["failure_logs"])
        self.assertLessEqual(logged, after["failure_logs"])
        self.assertLessEqual(logged, after["deaths"])

    def test_values_of_a_hung_melim_go_stale_by_lims_clock(self):
        c = self.c
        c.install_elim(MELIM, "elim.nio", NIO_ELIM)
        c.start("hostA")
        # The melim to stop is the master's: taking the role restarts melim (its values are
        # unknown until the new one reports), and the master's table shows the values of
        # the lim's last report, a report behind: once two more reports came, nio known
        # there is the new melim's.
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA master")
        time.sleep(2)  # EXINTERVAL is 1 s here
        self.wait(lambda: self.load("hostA")[0].get("nio") == 344, "nio known")
        pid = self.melim("hostA")["melim"]["pid"]
        # Its age when melim stops: melim's ages come with its status lines, so a constant
        # value may already be a few seconds old.
        age0 = self.load("hostA")[1].get("nio", 0)
        os.kill(pid, signal.SIGSTOP)  # alive, silent: it will never say nio is stale
        self.addCleanup(lambda: os.kill(pid, signal.SIGCONT))
        t0 = time.monotonic()
        self.wait(lambda: self.load("hostA")[0].get("nio") is None, "nio stale", timeout=15)
        # Not before its age says so: INTERVAL 2 x LSF_ELIM_STALE_FACTOR 2, less the age it
        # had, less one exchange interval by which the master's age may lag the lim's.
        self.assertGreaterEqual(time.monotonic() - t0, 4.0 - age0 - 1.0)
        self.assertTrue(self.melim("hostA")["melim"]["running"])
        self.assertGreaterEqual(self.melim("hostA")["melim"]["stale_values"], 1)
        self.assertIn("older than INTERVAL x LSF_ELIM_STALE_FACTOR", c.log("hostA"))


class TestPerValueAges(Base):
    block = "127.9.41"
    kwargs = {"resources": ["nio Numeric 60 Y N (I/O)", "usr_tmp Numeric 60 N N (tmp)",
                            "lic Numeric 60 N N (never reported)"],
              "resource_map": ["nio [default]", "usr_tmp [default]", "lic [default]"]}

    def test_each_value_has_its_own_age_and_unknown_ones_none(self):
        c = self.c
        c.install_elim(MELIM, "elim.nio", NIO_ELIM)
        c.install_elim(MELIM, "elim.slow", SLOW_ELIM)
        c.start("hostA")
        self.wait(lambda: self.load("hostA")[1].get("usr_tmp", 0) >= 5, "usr_tmp 5 s old")
        values, ages = self.load("hostA")
        self.assertEqual(values.get("usr_tmp"), 47.5)
        self.assertEqual(values.get("nio"), 344)
        # nio is reported every 0.3 s; lim learns its age within a second, the master within
        # an EXINTERVAL (1 s): one age for every value would show them equal.
        self.assertLess(ages["nio"], 3.5)
        self.assertGreater(ages["usr_tmp"] - ages["nio"], 1.5)
        self.assertNotIn("lic", ages)  # unknown: no age
        self.assertNotIn("licenses", ages)
        # elimstatus tells the same story.
        st = {v["name"]: v for v in self.melim("hostA")["elims"]["values"]}
        self.assertGreater(st["usr_tmp"]["age"], st["nio"]["age"])


class TestMasterChangeKeepsMelims(Base):
    block = "127.9.42"
    hosts = ["hostA", "hostB", "hostC"]
    kwargs = {"resources": ["nio Numeric 60 Y N (I/O)", "scratch Numeric 60 N N (Scratch)"],
              "resource_map": ["nio [default]", "scratch ([hostC])"],
              "master_list": ["hostA", "hostB"]}

    def test_a_non_master_melim_is_not_restarted_when_the_master_changes(self):
        c = self.c
        c.install_elim(MELIM, "elim.host", HOST_ELIM)
        c.start_all()
        self.wait(lambda: c.master_of("hostC") == "hostA", "hostA master")
        self.wait(lambda: self.load("hostA", "hostC")[0].get("scratch") == 70, "scratch on C")
        starts = self.melim("hostC")["melim"]["starts"]
        c.stop("hostA", signal.SIGKILL)
        self.wait(lambda: c.master_of("hostC") == "hostB", "hostB master")
        self.wait(lambda: self.load("hostB", "hostC")[0].get("scratch") == 70,
                  "scratch on C, through hostB")
        time.sleep(6)  # past the settle time: a pending restart would have happened
        self.assertEqual(self.melim("hostC")["melim"]["starts"], starts)
        self.assertEqual(self.load("hostB", "hostC")[0].get("scratch"), 70)


if __name__ == "__main__":
    unittest.main()
