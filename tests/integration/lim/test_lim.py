"""lim integration tests: real lims over loopback, one 127.5.N.0/24 block each.

Run one class: LIM_BIN=build/lim/daemon/lim python3 -m unittest -v test_lim.TestElection
"""

import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "harness"))
from cluster import (Cluster, frame, read_to_end, report_body,  # noqa: E402
                     KIND_REPORT, KIND_REQUEST)

LIM = os.environ.get("LIM_BIN", "")
MELIM = os.environ.get("MELIM_BIN", "")
SHIM = os.environ.get("STATVFS_SHIM", "")
HOSTS = ["hostA", "hostB", "hostC"]


def need_lim(test):
    if not LIM or not os.access(LIM, os.X_OK):
        raise unittest.SkipTest("LIM_BIN not set")


class Base(unittest.TestCase):
    block = None
    hosts = HOSTS
    kwargs = {}

    def setUp(self):
        need_lim(self)
        self.c = Cluster(block=self.block, hosts=self.hosts, lim=LIM, **self.kwargs)
        self.addCleanup(self.c.close)

    def wait(self, pred, what, timeout=30):
        return self.c.wait_or_dump(pred, what, timeout)

    def all_agree(self, master, hosts):
        return all(self.c.master_of(h) == master for h in hosts)

    def status_of(self, master, host):
        return self.c.host_status(master, host).get("status")


class TestElection(Base):
    block = "127.5.1"

    def test_first_candidate_elected_then_failover_and_handback(self):
        c = self.c
        c.start_all()
        self.wait(lambda: self.all_agree("hostA", HOSTS), "hostA elected by all")
        self.wait(lambda: all(self.status_of("hostA", h) == "ok" for h in HOSTS), "all ok")
        # Non-masters redirect queries to the master.
        self.assertEqual(c.query("hostC", {"op": "load"}).get("redirect"), "hostA")
        c.stop("hostA", signal.SIGKILL)
        self.wait(lambda: self.all_agree("hostB", ["hostB", "hostC"]), "hostB takes over")
        self.wait(lambda: self.status_of("hostB", "hostC") == "ok", "hostC reports to hostB")
        self.assertEqual(self.status_of("hostB", "hostA"), "unavail")
        c.start("hostA")
        self.wait(lambda: self.all_agree("hostA", HOSTS), "hostA takes the role back")
        self.wait(lambda: not c.status("hostB").get("is_master"), "hostB yields")
        self.wait(lambda: all(self.status_of("hostA", h) == "ok" for h in HOSTS), "all ok again")


class TestUnavail(Base):
    block = "127.5.2"

    def test_killed_host_goes_unavail_with_unknown_values_then_ok(self):
        c = self.c
        c.start_all()
        self.wait(lambda: self.status_of("hostA", "hostC") == "ok", "hostC ok")
        self.assertIsNotNone(c.host_status("hostA", "hostC")["values"]["mem"])
        c.stop("hostC", signal.SIGKILL)
        self.wait(lambda: self.status_of("hostA", "hostC") == "unavail", "hostC unavail")
        vals = c.host_status("hostA", "hostC")["values"]
        self.assertIsNone(vals.get("mem"))
        self.assertIsNone(vals.get("r1m"))
        self.assertEqual(self.status_of("hostA", "hostB"), "ok")
        c.start("hostC")
        self.wait(lambda: self.status_of("hostA", "hostC") == "ok", "hostC ok again")


class TestLock(Base):
    block = "127.5.3"

    def test_lock_is_signed_forwarded_and_kept_by_the_host(self):
        c = self.c
        c.start_all()
        self.wait(lambda: self.status_of("hostA", "hostB") == "ok", "hostB ok")
        r = c.query("hostA", {"op": "lock", "host": "hostB"})
        self.assertFalse(r["ok"])
        self.assertEqual(r["code"], "denied")
        r = c.admin("hostA", {"op": "lock", "host": "hostB"}, key=b"not-the-cluster-key-at-all")
        self.assertFalse(r["ok"])
        self.assertGreaterEqual(c.counter("hostA", "auth_bad_mac"), 1)
        self.assertEqual(self.status_of("hostA", "hostB"), "ok")
        self.assertTrue(c.admin("hostA", {"op": "lock", "host": "hostB"})["ok"])
        self.wait(lambda: self.status_of("hostA", "hostB") == "lockU", "hostB lockU")
        self.assertTrue(c.status("hostB")["locked"])
        # The lock lives on hostB's lim: it survives a master failover.
        c.stop("hostA", signal.SIGKILL)
        self.wait(lambda: self.status_of("hostB", "hostB") == "lockU", "still locked on hostB")
        self.assertTrue(c.admin("hostB", {"op": "unlock", "host": "hostB"})["ok"])
        self.wait(lambda: self.status_of("hostB", "hostB") == "ok", "unlocked")
        self.assertTrue(c.admin("hostB", {"op": "lock", "host": "hostC", "seconds": 2})["ok"])
        self.wait(lambda: self.status_of("hostB", "hostC") == "lockU", "timed lock")
        self.wait(lambda: self.status_of("hostB", "hostC") == "ok", "timed lock expires")


class TestAuth(Base):
    block = "127.5.4"
    hosts = HOSTS + ["hostD"]  # hostD runs no lim: the test plays it

    def test_forged_replayed_unsigned_and_oversized_packets_are_dropped(self):
        c = self.c
        for h in HOSTS:
            c.start(h)
        self.wait(lambda: self.status_of("hostA", "hostB") == "ok", "cluster up")
        c.send_report("hostA", "hostD", [("mem", 1234.0)], key=b"forged-key-forged-key")
        self.wait(lambda: c.counter("hostA", "auth_bad_mac") >= 1, "bad mac counted")
        self.assertEqual(self.status_of("hostA", "hostD"), "unavail")
        good = c.send_report("hostA", "hostD", [("mem", 1234.0)])
        self.wait(lambda: self.status_of("hostA", "hostD") == "ok", "signed report accepted")
        self.assertEqual(c.host_status("hostA", "hostD")["values"]["mem"], 1234.0)
        before = c.counter("hostA", "auth_replay")
        c.send_udp("hostA", good)
        self.wait(lambda: c.counter("hostA", "auth_replay") == before + 1, "replay counted")
        c.send_udp("hostA", frame(KIND_REPORT, report_body("hostD", [("mem", 1.0)])))
        self.wait(lambda: c.counter("hostA", "auth_unsigned") >= 1, "unsigned counted")
        huge = frame(KIND_REPORT, b"x" * 60001, c.key, c.epoch, c.next_seq())
        c.send_udp("hostA", huge)
        self.wait(lambda: c.counter("hostA", "oversized") >= 1, "oversized counted")
        c.send_udp("hostA", b"OLIM\x01\x03garbage")
        self.wait(lambda: c.counter("hostA", "malformed") >= 1, "malformed counted")
        # None of them changed the value.
        self.assertEqual(c.host_status("hostA", "hostD")["values"]["mem"], 1234.0)


class TestBigVector(Base):
    block = "127.5.5"
    hosts = ["hostA", "hostD"]
    kwargs = {"resources": ["ext_%d Numeric 15 Y N (index %d)" % (i, i) for i in range(500)],
              "resource_map": ["ext_%d [default]" % i for i in range(500)],
              "params": {"HOST_INACTIVITY_LIMIT": 30}}

    def test_500_external_indices_arrive_whole(self):
        c = self.c
        c.start("hostA")
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA master")
        values = [("ext_%d" % i, i + 0.5) for i in range(500)]
        c.send_report("hostA", "hostD", values)
        self.wait(lambda: self.status_of("hostA", "hostD") == "ok", "hostD ok")
        got = c.host_status("hostA", "hostD")["values"]
        self.assertEqual(sum(1 for i in range(500) if got.get("ext_%d" % i) == i + 0.5), 500)


class TestReconfig(Base):
    block = "127.5.6"
    hosts = HOSTS + ["hostD"]
    kwargs = {"params": {"HOST_INACTIVITY_LIMIT": 60},
              "resources": ["nio Numeric 15 Y N (Network I/O)"],
              "resource_map": ["nio [default]"]}

    def test_good_reconfig_keeps_values_bad_one_changes_nothing(self):
        c = self.c
        for h in HOSTS:
            c.start(h)
        self.wait(lambda: self.status_of("hostA", "hostC") == "ok", "cluster up")
        c.send_report("hostA", "hostD", [("nio", 42.0)])
        self.wait(lambda: c.host_status("hostA", "hostD").get("values", {}).get("nio") == 42.0,
                  "hostD value in")
        old = c.status("hostA")["checksum"]
        # Bad: refused with diagnostics, nothing changes.
        c.write_config(broken=True)
        r = c.admin("hostA", {"op": "reconfig"})
        self.assertFalse(r["ok"])
        self.assertTrue(r["diagnostics"])
        self.assertEqual(c.status("hostA")["checksum"], old)
        self.assertEqual(c.counter("hostA", "reconfigs_refused"), 1)
        # Good: a new resource, adopted by every lim; hostD's value (no new report) is kept.
        c.resources.append("licenses Numeric 60 N Y (Licenses)")
        c.write_config(params={"ADJUST_DURATION": 4})
        r = c.admin("hostA", {"op": "reconfig"})
        self.assertTrue(r["ok"], r)
        new = c.status("hostA")["checksum"]
        self.assertNotEqual(new, old)
        self.wait(lambda: all(c.status(h).get("checksum") == new for h in HOSTS),
                  "every lim adopted it")
        self.assertEqual(c.host_status("hostA", "hostD")["values"]["nio"], 42.0)
        self.assertEqual(self.status_of("hostA", "hostB"), "ok")
        names = [x["name"] for x in c.query("hostA", {"op": "info"})["resources"]]
        self.assertIn("licenses", names)
        # SIGHUP does the same on one lim.
        c.write_config(params={"ADJUST_DURATION": 5})
        c.signal("hostB", signal.SIGHUP)
        self.wait(lambda: c.counter("hostB", "reconfigs") >= 2, "SIGHUP reconfig")


ELIM = """#!/bin/sh
# Reports which host serves the shared instance: hostB -> 2, hostC -> 3.
case " $LSF_RESOURCES " in *" scratch "*) ;; *) exit ${ELIM_ABORT_VALUE:-97};; esac
case "$OPENLIM_HOST" in hostB) v=2;; hostC) v=3;; *) v=9;; esac
while echo "1 scratch $v"; do sleep 1; done
"""


class TestSharedMove(Base):
    block = "127.5.7"
    kwargs = {"resources": ["scratch Numeric 15 N N (Scratch space)"],
              "resource_map": ["scratch ([hostB hostC])"]}

    def server(self):
        inst = c_inst = self.c.try_query("hostA", {"op": "shared"}).get("instances", [])
        del c_inst
        return (inst[0]["server"], inst[0]["value"]) if inst else (None, None)

    def test_shared_elim_moves_along_its_host_set_and_back(self):
        c = self.c
        if MELIM:
            c.install_elim(MELIM, "elim.scratch", ELIM)
        c.start_all()
        want_value = lambda v: v if MELIM else None  # noqa: E731
        self.wait(lambda: self.server()[0] == "hostB", "hostB serves")
        self.assertEqual(c.status("hostB")["serves"], ["scratch"])
        if MELIM:
            self.wait(lambda: self.server() == ("hostB", want_value(2)), "value from hostB")
        c.stop("hostB", signal.SIGKILL)
        self.wait(lambda: self.server()[0] == "hostC", "moves to hostC")
        self.wait(lambda: c.status("hostC").get("serves") == ["scratch"], "hostC told")
        if MELIM:
            self.wait(lambda: self.server() == ("hostC", 3), "value from hostC")
        c.start("hostB")
        self.wait(lambda: self.server()[0] == "hostB", "moves back to hostB")
        self.wait(lambda: c.status("hostC").get("serves") == [], "hostC released it")
        if MELIM:
            self.wait(lambda: self.server() == ("hostB", 2), "value from hostB again")


class TestHungStatvfs(Base):
    block = "127.5.8"
    hosts = ["hostA", "hostB"]

    def test_hung_statvfs_does_not_stop_reports(self):
        if not SHIM:
            self.skipTest("statvfs_shim not built")
        c = self.c
        hung = os.path.join(c.dir, "hung_tmp")
        os.makedirs(hung)
        c.start("hostA")
        c.start("hostB", env={"LD_PRELOAD": SHIM, "STATVFS_SHIM_HANG": hung,
                              "OPENLIM_TMP_PATH": hung})
        self.wait(lambda: self.status_of("hostA", "hostB") == "ok", "hostB ok")
        self.wait(lambda: c.counter("hostB", "tmp_timeouts") >= 1, "statvfs timed out")
        sent = c.counter("hostB", "reports_sent")
        self.wait(lambda: c.counter("hostB", "reports_sent") >= sent + 3, "reports go on")
        vals = c.host_status("hostA", "hostB")["values"]
        self.assertIsNone(vals.get("tmp"))
        self.assertIsNotNone(vals.get("mem"))


class TestQueries(Base):
    block = "127.5.9"
    hosts = ["hostA", "hostD", "hostE"]  # hostD and hostE are played by the test
    kwargs = {"params": {"HOST_INACTIVITY_LIMIT": 60, "ADJUST_DURATION": 100},
              "resources": ["cs Boolean () () () (Compute server)",
                            "fluent Numeric () N Y (Static tokens)"],
              "resource_map": ["fluent (5@[all])"],
              "host_columns": ("model type server r1m RESOURCES",
                               {"hostA": "Generic LINUX86 1 () ()",
                                "hostD": "Generic LINUX86 1 0.9 (cs)",
                                "hostE": "Generic LINUX86 1 () (cs)"})}

    def feed(self, host, r1m, mem):
        self.c.send_report("hostA", host, [("r1m", r1m), ("r15s", r1m), ("r15m", r1m),
                                           ("mem", mem), ("ncpus", 1.0)],
                           strings=[("type", "LINUX86"), ("model", "Generic")])

    def test_load_hosts_info_place_shared(self):
        c = self.c
        c.start("hostA")
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA master")
        self.feed("hostD", 0.1, 4000)
        self.feed("hostE", 0.5, 8000)
        self.wait(lambda: self.status_of("hostA", "hostE") == "ok", "fed hosts ok")
        r = c.query("hostA", {"op": "load", "resreq": "select[cs] order[r1m]"})
        self.assertEqual([h["name"] for h in r["hosts"]], ["hostD", "hostE"])
        self.assertEqual(r["hosts"][0]["values"]["fluent"], 5)
        r = c.query("hostA", {"op": "load", "resreq": "select[mem>"})
        self.assertEqual((r["ok"], r["code"]), (False, "syntax"))
        self.assertIn("at 11", r["error"])
        # Placement adjusts the chosen host's load, so a burst spreads out.
        p1 = c.query("hostA", {"op": "place", "hosts": ["hostD", "hostE"]})
        p2 = c.query("hostA", {"op": "place", "hosts": ["hostD", "hostE"]})
        self.assertEqual((p1["hosts"], p2["hosts"]), (["hostD"], ["hostE"]))
        r1m = c.host_status("hostA", "hostD")["values"]["r1m"]
        self.assertGreater(r1m, 1.0)  # 0.1 + nearly 1.0 of adjustment
        # hostD is now busy (1.1 > 0.9): ineligible, explained.
        self.assertEqual(c.host_status("hostA", "hostD")["busy"], ["r1m"])
        p = c.query("hostA", {"op": "place", "n": 5, "hosts": ["hostD"], "explain": True})
        self.assertFalse(p["ok"])
        self.assertEqual(p["code"], "noteligible")
        why = {e["host"]: e for e in p["explain"]}
        self.assertNotEqual(why["hostD"]["outcome"], "chosen")
        self.assertTrue(why["hostD"]["reason"])
        h = c.query("hostA", {"op": "hosts", "hosts": ["hostD"]})["hosts"][0]
        self.assertEqual((h["type"], h["model"], h["ncpus"], h["resources"]),
                         ("LINUX86", "Generic", 1, ["cs"]))
        self.assertEqual(h["thresholds"], {"r1m": 0.9})
        info = c.query("hostA", {"op": "info"})
        self.assertIn("LINUX86", info["types"])
        self.assertIn("cs", [x["name"] for x in info["resources"]])
        sh = c.query("hostA", {"op": "shared"})["instances"]
        self.assertEqual([(i["resource"], i["value"]) for i in sh], [("fluent", 5)])
        self.assertEqual(c.query("hostA", {"op": "nosuch"})["code"], "syntax")
        # A field of the wrong type or range is refused, naming it, not taken as absent.
        for req, field in [({"op": "load", "hosts": "hostD"}, '"hosts"'),
                           ({"op": "load", "n": -1}, '"n"'),
                           ({"op": "place", "w": -5}, '"w"'),
                           ({"op": "shared", "names": "fluent"}, '"names"'),
                           ({"op": "elimstatus", "host": 5}, '"host"')]:
            r = c.query("hostA", req)
            self.assertEqual((r["ok"], r["code"]), (False, "syntax"), req)
            self.assertTrue(r["error"].startswith(field + " must be"), r)
        r = c.admin("hostA", {"op": "lock", "host": "hostA", "seconds": "30"})
        self.assertEqual((r["ok"], r["code"]), (False, "syntax"))
        self.assertFalse(c.status("hostA")["locked"])


class TestStartup(Base):
    block = "127.5.10"
    hosts = ["hostA"]

    def run_lim(self, *args):
        import subprocess
        env = dict(os.environ, LSF_ENVDIR=self.c.dir)
        return subprocess.run([LIM, "-2", "-d", self.c.dir] + list(args), env=env,
                              capture_output=True, text=True, timeout=30)

    def test_unknown_host_missing_key_and_restart(self):
        r = self.run_lim("--host", "nosuch")
        self.assertEqual(r.returncode, 1)
        self.assertIn("Local host not defined in cluster file", r.stderr)
        self.assertIn("nosuch", r.stderr)
        self.assertEqual(self.run_lim("-x").returncode, 2)
        os.chmod(self.c.keyfile, 0o644)
        r = self.run_lim("--host", "hostA")
        self.assertEqual(r.returncode, 1)
        self.assertIn("LSF_AUTH_KEYFILE", r.stderr)
        os.chmod(self.c.keyfile, 0o600)
        c = self.c
        c.start("hostA")
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA up")
        pid = c.procs["hostA"].pid
        self.assertTrue(c.admin("hostA", {"op": "restart"})["ok"])
        # Same process (exec), fresh lim: counters start again from zero.
        self.wait(lambda: c.status("hostA").get("counters", {}).get("admin_requests") == 0,
                  "restarted lim answers")
        self.assertEqual(c.procs["hostA"].pid, pid)
        self.assertIsNone(c.procs["hostA"].poll())
        self.assertTrue(c.admin("hostA", {"op": "shutdown"})["ok"])
        self.assertEqual(c.procs["hostA"].wait(20), 0)


if __name__ == "__main__":
    unittest.main()


OVERRIDE_ELIM = """#!/bin/sh
# Overrides the built-in tmp index until the flag file appears, then retracts it with '-'.
case " $LSF_RESOURCES " in *" mytmp "*) ;; *) exit ${ELIM_ABORT_VALUE:-97};; esac
while :; do
  if [ -e "$RETRACT_FLAG" ]; then line="2 mytmp 7 tmp -"; else line="2 mytmp 7 tmp 123456"; fi
  echo "$line" || exit 1
  sleep 1
done
"""


class TestBuiltinOverride(Base):
    block = "127.5.11"
    hosts = ["hostA"]
    kwargs = {"resources": ["mytmp Numeric 15 N N (Site tmp, makes the elim run)"],
              "resource_map": ["mytmp [default]"]}

    def test_elim_overrides_tmp_and_retraction_restores_lims_own_value(self):
        if not MELIM:
            self.skipTest("melim not built")
        c = self.c
        flag = os.path.join(c.dir, "retract")
        c.install_elim(MELIM, "elim.override", OVERRIDE_ELIM)
        c.start("hostA", env={"RETRACT_FLAG": flag})
        values = lambda: c.host_status("hostA", "hostA").get("values", {})  # noqa: E731
        self.wait(lambda: values().get("tmp") == 123456, "tmp overridden by the elim")
        self.assertEqual(values().get("mytmp"), 7)
        open(flag, "w").close()
        # After '-', lim's own statvfs measurement of /tmp comes back (a real, known number).
        self.wait(lambda: values().get("tmp") not in (None, 123456), "lim's own tmp again")
        self.assertEqual(values().get("mytmp"), 7)


class TestElimStatus(Base):
    block = "127.5.12"
    kwargs = {"resources": ["scratch Numeric 15 N N (Scratch space)"],
              "resource_map": ["scratch ([hostB])"]}

    def elimstatus(self, host=None):
        req = {"op": "elimstatus"}
        if host:
            req["host"] = host
        return self.c.try_query("hostA", req)

    def test_master_gathers_elimstatus_of_other_hosts(self):
        if not MELIM:
            self.skipTest("melim not built")
        c = self.c
        c.install_elim(MELIM, "elim.scratch", ELIM)
        c.start("hostA")
        c.start("hostB")  # hostC never runs: it must be listed as down
        self.wait(lambda: self.all_agree("hostA", ["hostA", "hostB"]), "hostA elected")
        self.wait(lambda: c.status("hostB").get("melim_resources") == ["scratch"], "melim on B")

        def b_running():
            r = self.elimstatus("hostB")
            hs = r.get("hosts", [])
            return r.get("ok") and len(hs) == 1 and hs[0].get("melim", {}).get("running")
        self.wait(b_running, "master reports hostB's running melim")
        h = self.elimstatus("hostB")["hosts"][0]
        self.assertEqual(h["host"], "hostB")
        self.assertEqual(h["melim"]["resources"], ["scratch"])
        self.assertGreaterEqual(h["melim"]["starts"], 1)
        self.assertNotIn("error", h)
        self.assertIsNone(self.elimstatus("hostB").get("redirect"))
        # No host: every host of the cluster, the silent one with an error.
        everyone = {h["host"]: h for h in self.elimstatus()["hosts"]}
        self.assertEqual(sorted(everyone), ["hostA", "hostB", "hostC"])
        self.assertFalse(everyone["hostA"]["melim"]["running"])
        self.assertTrue(everyone["hostB"]["melim"]["running"])
        self.assertIn("down", everyone["hostC"]["error"])
        self.assertNotIn("melim", everyone["hostC"])
        # A non-master lim gathers too.
        r = c.try_query("hostB", {"op": "elimstatus", "host": "hostA"})
        self.assertEqual(r["hosts"][0]["host"], "hostA")
        self.assertIn("melim", r["hosts"][0])
        bad = self.elimstatus("nosuchhost")
        self.assertFalse(bad["ok"])
        self.assertEqual(bad["code"], "notfound")


class TestDriftAndLockTime(Base):
    block = "127.5.13"
    hosts = ["hostA", "hostB"]

    def row(self, op, host):
        r = self.c.try_query("hostA", {"op": op})
        return next((h for h in r.get("hosts", []) if h["name"] == host), {})

    def limlog(self):
        # lim.log only: the harness' log() also holds stderr, where lim may echo its log.
        with open(os.path.join(self.c.logdir, "lim.log.hostA")) as f:
            return f.read()

    def test_config_drift_flag_and_lock_remaining(self):
        c = self.c
        c.start("hostA")  # hostB is played by forged reports
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA master")
        ours = c.status("hostA")["checksum"]
        self.assertTrue(ours)
        for _ in range(3):
            c.send_report("hostA", "hostB", checksum="not-" + ours)
        self.wait(lambda: self.row("load", "hostB").get("config_drift") is True, "drift in load")
        self.assertIs(self.row("hosts", "hostB").get("config_drift"), True)
        self.assertNotIn("config_drift", self.row("load", "hostA"))
        self.assertNotIn("config_drift", self.row("hosts", "hostA"))
        self.assertEqual(c.status("hostA")["drift"], ["hostB"])
        self.assertEqual(self.limlog().count("config drift"), 1)  # once per change
        c.send_report("hostA", "hostB", checksum=ours)
        self.wait(lambda: "config_drift" not in self.row("load", "hostB"), "drift cleared")
        self.assertNotIn("config_drift", self.row("hosts", "hostB"))
        self.assertEqual(self.limlog().count("matches the master's again"), 1)
        # Lock remaining: unlocked -> 0 / absent; a timed lock counts down from its seconds.
        self.assertEqual(c.status("hostA")["lock_remaining"], 0)
        self.assertNotIn("lock_remaining", self.row("load", "hostA"))
        self.assertTrue(c.admin("hostA", {"op": "lock", "host": "hostA", "seconds": 300})["ok"])
        left = c.status("hostA")["lock_remaining"]
        self.assertGreater(left, 0)
        self.assertLessEqual(left, 300)
        self.wait(lambda: self.row("load", "hostA").get("status") == "lockU", "hostA lockU")
        self.wait(lambda: self.row("load", "hostA").get("lock_remaining", -1) > 0, "in load")
        self.assertLessEqual(self.row("load", "hostA")["lock_remaining"], 300)
        c.send_report("hostA", "hostB", checksum=ours, locked=True, lock_seconds=50)
        self.wait(lambda: self.row("load", "hostB").get("status") == "lockU", "hostB lockU")
        left = self.row("load", "hostB").get("lock_remaining")
        self.assertGreater(left, 0)
        self.assertLessEqual(left, 50)
        # Locked until unlocked: no remaining time.
        c.send_report("hostA", "hostB", checksum=ours, locked=True, lock_seconds=0)
        self.wait(lambda: "lock_remaining" not in self.row("load", "hostB"), "untimed lock")
        self.assertEqual(self.row("load", "hostB").get("status"), "lockU")
        self.assertTrue(c.admin("hostA", {"op": "unlock", "host": "hostA"})["ok"])
        self.assertEqual(c.status("hostA")["lock_remaining"], 0)


RETRY_ELIM = """#!/bin/sh
# Gives up (ELIM_ABORT_VALUE) until the flag file appears, then reports site_res.
[ -e "$READY_FLAG" ] || exit ${ELIM_ABORT_VALUE:-97}
while echo "1 site_res 5"; do sleep 1; done
"""


class TestReconfigRetriesElims(Base):
    block = "127.5.14"
    hosts = ["hostA"]
    kwargs = {"resources": ["site_res Numeric 15 N N (Site resource)"],
              "resource_map": ["site_res [default]"]}

    def test_reconfig_retries_an_elim_that_gave_up(self):
        if not MELIM:
            self.skipTest("melim not built")
        c = self.c
        flag = os.path.join(c.dir, "ready")
        c.install_elim(MELIM, "elim.retry", RETRY_ELIM)
        c.start("hostA", env={"READY_FLAG": flag})

        def local():
            hosts = c.try_query("hostA", {"op": "elimstatus"}).get("hosts", [])
            return hosts[0] if hosts else {}

        def elim_state():
            status = local().get("elims")  # [] until the running melim's first status
            elims = status.get("elims", []) if isinstance(status, dict) else []
            return next((e.get("state") for e in elims if e.get("name") == "elim.retry"), None)

        # Master first: melim is restarted once when lim becomes master (LSF_MASTER=Y).
        # A query may see hostA master a loop turn before melim is restarted as the master's.
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA master")
        self.wait(lambda: local().get("melim", {}).get("master") is True, "melim as master's")
        self.wait(lambda: elim_state() == "aborted" and local()["melim"]["pid"] > 0,
                  "the elim gave up with the abort value")
        open(flag, "w").close()
        # The resource set is unchanged, so lim keeps melim and sends it SIGHUP.
        pid = local()["melim"]["pid"]
        r = c.admin("hostA", {"op": "reconfig"})
        self.assertTrue(r["ok"], r)
        values = lambda: c.host_status("hostA", "hostA").get("values", {})  # noqa: E731
        self.wait(lambda: values().get("site_res") == 5, "the elim retried after reconfig")
        self.assertEqual(local()["melim"]["pid"], pid)


class TestSlowClients(Base):
    """Connections that send nothing or half a request never hold up other queries (the
    listener defers accept until bytes arrive, reads the rest as it comes), and the lim
    drops a silent connection by itself."""
    block = "127.5.15"
    hosts = ["hostA"]

    def test_silent_and_partial_clients_do_not_block_queries(self):
        c = self.c
        c.start("hostA")
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA master")
        addr = (c.address("hostA"), c.port)
        silent = socket.create_connection(addr, timeout=30)
        partial = socket.create_connection(addr, timeout=30)
        self.addCleanup(silent.close)
        self.addCleanup(partial.close)
        request = frame(KIND_REQUEST, json.dumps({"op": "id"}).encode())
        partial.sendall(request[:7])  # inside the header
        for _ in range(5):
            self.assertEqual(c.query("hostA", {"op": "id"}, timeout=3.0).get("master"), "hostA")
        partial.sendall(request[7:20])
        self.assertEqual(c.query("hostA", {"op": "id"}).get("master"), "hostA")
        partial.sendall(request[20:])
        reply = read_to_end(partial)
        self.assertEqual(reply[:4], b"OLIM")
        self.assertEqual(json.loads(reply[12:]).get("master"), "hostA")
        # The silent one: closed by the lim (its connection deadline), not held forever.
        silent.settimeout(30)
        self.assertEqual(silent.recv(16), b"")


def recv_exactly(sock, n):
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            break
        buf += chunk
    return buf


class TestNeverBlocks(Base):
    """The loop never waits for one client: a big reply streams out as its reader takes it
    while other requests are answered, and idle connections cost nothing but a slot."""
    block = "127.5.16"
    hosts = ["hostA"]
    kwargs = {"extra_hosts": 15000}  # a full load of ~6 MB

    def test_slow_reader_of_a_large_reply_does_not_delay_other_queries(self):
        c = self.c
        c.start("hostA")
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA master", timeout=60)
        slow = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.addCleanup(slow.close)
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a small window
        slow.settimeout(60)
        slow.connect((c.address("hostA"), c.port))
        slow.sendall(frame(KIND_REQUEST, json.dumps({"op": "load"}).encode()))
        header = recv_exactly(slow, 12)
        self.assertEqual(header[:4], b"OLIM")
        (size,) = struct.unpack(">I", header[8:12])
        with open("/proc/sys/net/ipv4/tcp_wmem") as f:
            send_buffer_max = int(f.read().split()[2])
        # More than the kernel can take off the lim's hands: the lim must stream the rest.
        self.assertGreater(size, send_buffer_max + (1 << 20))
        got = 0
        for _ in range(4):  # one byte a second, an id request answered in between each
            got += len(recv_exactly(slow, 1))
            r = c.query("hostA", {"op": "id"}, timeout=30)
            self.assertEqual(r.get("master"), "hostA")
            time.sleep(1)
        self.assertEqual(got, 4)  # still reading the reply while the ids were answered
        rest = read_to_end(slow)  # now read it all: the reply arrives whole
        self.assertEqual(len(rest), size - got)
        self.assertEqual(c.counter("hostA", "replies_stalled"), 0)

    def test_200_idle_connections_do_not_stop_service(self):
        c = self.c
        c.start("hostA")
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA master", timeout=60)
        addr = (c.address("hostA"), c.port)
        idle = []
        for i in range(200):
            s = socket.create_connection(addr, timeout=30)
            self.addCleanup(s.close)
            if i % 2:  # half send part of a header: accepted at once, then silent
                s.sendall(b"OLIM\x01")
            idle.append(s)
        for _ in range(3):
            for _ in range(5):
                self.assertEqual(c.query("hostA", {"op": "id"}, timeout=10).get("master"),
                                 "hostA")
            time.sleep(1.5)  # past the deferred-accept wait: the silent ones are accepted too
        # Every idle connection is eventually closed by the lim (its request deadline).
        for s in idle:
            s.settimeout(60)
            try:
                self.assertEqual(s.recv(16), b"")
            except ConnectionResetError:
                pass


class TestFdLimit(Base):
    """Out of descriptors, the lim closes the connection that has waited longest for its
    request to take a new one: idle clients never lock everyone out."""
    block = "127.5.19"
    hosts = ["hostA"]

    def test_idle_connections_past_the_fd_limit_do_not_stop_service(self):
        c = self.c
        c.start("hostA", nofile=80)  # room for 16 client connections
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA master")
        addr = (c.address("hostA"), c.port)
        for _ in range(100):  # each sends part of a header: accepted, then silent
            s = socket.create_connection(addr, timeout=30)
            self.addCleanup(s.close)
            s.sendall(b"OLIM\x01")
        for _ in range(5):
            self.assertEqual(c.query("hostA", {"op": "id"}, timeout=5).get("master"), "hostA")
        self.assertGreater(c.counter("hostA", "conns_evicted"), 0)


class TestNoResolverInLoop(Base):
    """A config host the hosts file has no entry for (here `localhost`, which only the system
    resolver knows) is looked up once at start-up, never from the loop: announces to it,
    elimstatus about it and a reconfig leave the resolver alone, and queries keep being
    answered. (A host no resolver knows at all is a configuration error: see config tests.)"""
    block = "127.5.17"
    hosts = ["hostA", "localhost"]
    kwargs = {"unaddressed": ["localhost"], "master_list": ["hostA"]}

    def test_unresolvable_host_never_reaches_the_resolver_from_the_loop(self):
        c = self.c
        c.start("hostA")
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA master")
        calls = c.counter("hostA", "resolver_calls")
        self.assertIn("resolver_calls", c.status("hostA")["counters"])
        self.assertLessEqual(calls, 1)  # the one name, at start-up
        announces = c.counter("hostA", "announces_sent")
        self.wait(lambda: c.counter("hostA", "announces_sent") >= announces + 3,
                  "three announce rounds")
        r = c.query("hostA", {"op": "elimstatus", "host": "localhost"})
        self.assertIn("down", r["hosts"][0]["error"])
        self.assertEqual(c.admin("hostA", {"op": "reconfig"}).get("ok"), True)
        for _ in range(5):
            self.assertEqual(c.query("hostA", {"op": "id"}).get("master"), "hostA")
        self.assertEqual(c.counter("hostA", "resolver_calls"), calls)


class TestOneLimPerAddress(Base):
    """A second lim for the same host cannot bind its ports: it says so and exits non-zero,
    and the first one keeps answering alone."""
    block = "127.5.18"
    hosts = ["hostA"]

    def test_second_lim_on_the_same_address_refuses_to_start(self):
        c = self.c
        c.start("hostA")
        self.wait(lambda: c.master_of("hostA") == "hostA", "hostA master")
        env = dict(os.environ, LSF_ENVDIR=c.dir)
        second = subprocess.run([LIM, "-2", "-d", c.dir, "--host", "hostA"], env=env,
                                capture_output=True, text=True, timeout=60)
        self.assertNotEqual(second.returncode, 0)
        self.assertIn("already in use", second.stderr)
        # The second lim asks what holds the address: here the first lim, which answers.
        self.assertIn("the lim of host <hostA> (cluster", second.stderr)
        self.assertIn("already in use", c.log("hostA"))
        self.assertIsNone(c.procs["hostA"].poll())
        self.assertEqual(c.query("hostA", {"op": "id"}).get("master"), "hostA")
        # A request whose "op" is not a string is told so, not `unknown op ""`.
        bad = c.query("hostA", {"op": 5})
        self.assertEqual(bad.get("code"), "syntax")
        self.assertEqual(bad.get("error"), '"op" must be a string, not a number')

    def test_a_program_that_is_no_lim_holding_the_port_is_named_as_such(self):
        c = self.c
        with socket.socket() as holder:
            holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            holder.bind((c.address("hostA"), c.port))
            holder.listen(1)
            env = dict(os.environ, LSF_ENVDIR=c.dir)
            lim = subprocess.run([LIM, "-2", "-d", c.dir, "--host", "hostA"], env=env,
                                 capture_output=True, text=True, timeout=60)
        self.assertNotEqual(lim.returncode, 0)
        self.assertIn("address already in use: another program holds it", lim.stderr)
