"""Commands end to end: the real lsload/lshosts/lsinfo/lsid/lsplace/bhosts/lsadmin
binaries against real lims over loopback, one 127.6.N.0/24 block per test class.

Run: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd python3 -m unittest -v test_cmd
"""

import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "harness"))
from cluster import Cluster  # noqa: E402

LIM = os.environ.get("LIM_BIN", "")
CMD_DIR = os.environ.get("CMD_DIR", "")
MELIM = os.environ.get("MELIM_BIN", "")


def need_binaries():
    if not LIM or not os.access(LIM, os.X_OK) or not CMD_DIR:
        raise unittest.SkipTest("LIM_BIN and CMD_DIR not set")


class Base(unittest.TestCase):
    block = None
    hosts = ["hostA", "hostB"]
    kwargs = {}

    def setUp(self):
        need_binaries()
        self.c = Cluster(block=self.block, hosts=self.hosts, lim=LIM, **self.kwargs)
        self.addCleanup(self.c.close)

    def run_cmd(self, *argv, host="hostA", stdin=None):
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST=host)
        p = subprocess.run([os.path.join(CMD_DIR, argv[0])] + list(argv[1:]), env=env,
                           input=stdin, capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout, p.stderr

    def wait(self, pred, what, timeout=30):
        return self.c.wait_or_dump(pred, what, timeout)

    def row(self, out, host):
        for line in out.splitlines():
            if line.split() and line.split()[0] == host:
                return line.split()
        return None


class TestQueries(Base):
    """lsid, lsload, lshosts, lsinfo, bhosts -s against a master and a non-master."""
    block = "127.6.1"
    kwargs = {"resources": ["cs Boolean () () () (Compute server)",
                            "fluent Numeric () N Y (Static tokens)"],
              "resource_map": ["fluent (5@[all])"],
              "host_columns": ("model type server RESOURCES",
                               {"hostA": "Generic LINUX86 1 (cs)",
                                "hostB": "Generic LINUX86 1 ()"})}

    def test_commands_show_the_live_cluster(self):
        c = self.c
        c.start_all()
        self.wait(lambda: "master name is hostA" in self.run_cmd("lsid")[1], "hostA master")
        self.wait(lambda: all((self.row(self.run_cmd("lsload")[1], h) or ["", "unavail"])[1]
                              != "unavail" for h in self.hosts), "both hosts report")
        rc, out, err = self.run_cmd("lsid")
        self.assertEqual(rc, 0, err)
        self.assertIn("My cluster name is test\nMy master name is hostA\n", out)
        # Asked through the non-master, the client follows the redirect.
        rc, out, _ = self.run_cmd("lsid", host="hostB")
        self.assertEqual(rc, 0)
        self.assertIn("My master name is hostA", out)

        rc, out, err = self.run_cmd("lsload")
        self.assertEqual(rc, 0, err)
        header = out.splitlines()[0].split()
        self.assertEqual(header, ["HOST_NAME", "status", "r15s", "r1m", "r15m", "ut", "pg",
                                  "ls", "it", "tmp", "swp", "mem"])
        self.assertEqual(len(self.row(out, "hostA")), len(header))
        rc, out, _ = self.run_cmd("lsload", "-l")
        self.assertIn("io", out.splitlines()[0].split())

        rc, out, _ = self.run_cmd("lsload", "-json")
        snap = json.loads(out)
        self.assertEqual(snap["cluster"], "test")
        names = sorted(h["name"] for h in snap["hosts"])
        self.assertEqual(names, ["hostA", "hostB"])
        host_a = [h for h in snap["hosts"] if h["name"] == "hostA"][0]
        self.assertIsInstance(host_a["values"]["mem"], (int, float))
        self.assertGreater(host_a["values"]["mem"], 0)

        rc, out, _ = self.run_cmd("lsload", "-R", "select[cs]")
        self.assertEqual(rc, 0)
        self.assertIsNotNone(self.row(out, "hostA"))
        self.assertIsNone(self.row(out, "hostB"))

        rc, out, _ = self.run_cmd("lshosts")
        self.assertEqual(rc, 0)
        self.assertEqual(self.row(out, "hostA")[-1], "(cs)")
        rc, out, _ = self.run_cmd("lshosts", "-l", "hostB")
        self.assertIn("HOST_NAME:  hostB", out)
        self.assertIn("LOAD_THRESHOLDS:", out)

        rc, out, _ = self.run_cmd("lsinfo", "-r")
        self.assertEqual(rc, 0)
        self.assertEqual(self.row(out, "fluent")[:3], ["fluent", "Numeric", "Dec"])
        rc, out, _ = self.run_cmd("bhosts", "-s")
        self.assertEqual(rc, 0)
        self.assertEqual(self.row(out, "fluent")[:3], ["fluent", "5", "0.0"])
        rc, out, _ = self.run_cmd("lshosts", "-s")
        self.assertEqual(self.row(out, "fluent")[:2], ["fluent", "5"])

    def test_error_paths(self):
        c = self.c
        c.start_all()
        self.wait(lambda: "master name is hostA" in self.run_cmd("lsid")[1], "hostA master")
        rc, out, err = self.run_cmd("lsload", "-R", "select[mem>]")
        self.assertEqual((rc, out), (2, ""), err)
        self.assertIn("Bad resource requirement syntax", err)
        self.assertIn("at 11", err)
        rc, _, err = self.run_cmd("lsload", "nosuch")
        self.assertEqual(rc, 1)
        self.assertIn("nosuch", err)
        rc, out, err = self.run_cmd("lsinfo", "mem", "nosuch")
        self.assertEqual(rc, 1)
        self.assertIn("nosuch: Resource name not found", err)
        self.assertIsNotNone(self.row(out, "mem"))
        rc, _, err = self.run_cmd("lsload", "-I", "r1m:nosuch")
        self.assertEqual((rc, err.strip()), (1, "lsload: Bad index name list"))
        rc, out, err = self.run_cmd("lsload", "-x")
        self.assertEqual((rc, out), (2, ""))
        self.assertTrue(err.startswith("lsload: invalid option -- 'x'\nUsage: lsload"), err)
        rc, out, err = self.run_cmd("lsplace", "-R", "select[mem>100T]")
        self.assertEqual(rc, 1)
        self.assertIn("Not enough host(s) currently eligible", err)


class TestPlaceAndAdmin(Base):
    """Online lsplace (load adjustment spreads a burst) and lsadmin limlock/limunlock."""
    block = "127.6.2"

    def test_place_then_lock_and_unlock(self):
        c = self.c
        c.start_all()
        self.wait(lambda: "master name is hostA" in self.run_cmd("lsid")[1], "hostA master")
        self.wait(lambda: "ok" in self.run_cmd("lsload", "hostB")[1], "hostB ok")
        self.wait(lambda: "ok" in self.run_cmd("lsload", "hostA")[1], "hostA ok")
        rc, out, err = self.run_cmd("lsplace", "-n", "2", "-w", "2")
        self.assertEqual(rc, 0, err)
        self.assertEqual(len(out.split()), 2)
        rc, out, _ = self.run_cmd("lsplace", "--explain")
        self.assertEqual(rc, 0)
        self.assertTrue(any(l.startswith("hostA:") for l in out.splitlines()), out)

        rc, out, err = self.run_cmd("lsadmin", "limlock", host="hostB")
        self.assertEqual((rc, out), (0, "Host is locked\n"), err)
        self.wait(lambda: (self.row(self.run_cmd("lsload")[1], "hostB") or ["", ""])[1]
                  == "lockU", "hostB lockU")
        rc, out, err = self.run_cmd("lsplace", "hostB")
        self.assertEqual(rc, 1)
        rc, out, err = self.run_cmd("lsadmin", "limunlock", host="hostB")
        self.assertEqual((rc, out), (0, "Host is unlocked\n"), err)
        self.wait(lambda: (self.row(self.run_cmd("lsload")[1], "hostB") or ["", ""])[1]
                  == "ok", "hostB ok again")
        # A declined confirmation, or none at all (end of input), does nothing and says so.
        for answer in ("", "n\n"):
            rc, out, err = self.run_cmd("lsadmin", "reconfig", stdin=answer)
            self.assertEqual(rc, 1, (answer, out, err))
            self.assertTrue(out.endswith("\nNo reconfiguration done.\n"), out)


class TestMasterDown(Base):
    """No lim running: every query command says LSF's words and exits 3."""
    block = "127.6.3"

    def test_lim_down(self):
        for argv in (["lsload"], ["lshosts"], ["lsinfo"], ["lsid"], ["bhosts", "-s"],
                     ["lsplace"], ["lsload", "-s"]):
            rc, out, err = self.run_cmd(*argv)
            self.assertEqual(rc, 3, argv)
            self.assertEqual(out, "")
            self.assertIn("LIM is down; try later", err)

    def test_local_host_not_in_the_cluster_is_said_so(self):
        # No OPENLIM_HOST, and the hosts file does not name this machine: the commands say
        # that, not that the LIM is down (the guessed name has no lim to answer).
        env = {k: v for k, v in os.environ.items() if k != "OPENLIM_HOST"}
        env["LSF_ENVDIR"] = self.c.dir
        for argv in (["lsload"], ["lsid"], ["lsplace"]):
            p = subprocess.run([os.path.join(CMD_DIR, argv[0])] + argv[1:], env=env,
                               capture_output=True, text=True, timeout=60)
            self.assertEqual(p.returncode, 1, (argv, p.stderr))
            self.assertIn("is not a cluster host (not in ", p.stderr)
            self.assertIn("set OPENLIM_HOST", p.stderr)
            self.assertNotIn("LIM is down", p.stderr)


if __name__ == "__main__":
    unittest.main()


NIO_ELIM = """#!/bin/sh
case " $LSF_RESOURCES " in *" nio "*) ;; *) exit ${ELIM_ABORT_VALUE:-97};; esac
while echo "1 nio 42.5"; do sleep 1; done
"""


class TestElimStatus(Base):
    """lsadmin elimstatus shows each elim of a real melim, and a host whose lim is down."""
    block = "127.6.4"
    hosts = ["hostA", "hostB", "hostC"]
    kwargs = {"resources": ["nio Numeric 15 Y N (Network I/O)"],
              "resource_map": ["nio [default]"]}

    def test_elimstatus_of_a_live_and_a_down_host(self):
        if not MELIM:
            self.skipTest("melim not built")
        c = self.c
        c.install_elim(MELIM, "elim.nio", NIO_ELIM)
        c.start("hostA")
        c.start("hostB")
        self.wait(lambda: "master name is hostA" in self.run_cmd("lsid")[1], "hostA master")

        def elim_row():
            rc, out, _ = self.run_cmd("lsadmin", "elimstatus", "hostB")
            return rc == 0 and self.row(out, "elim.nio")
        row = self.wait(elim_row, "elim.nio listed for hostB")
        self.assertEqual(row[1], "running")
        rc, out, err = self.run_cmd("lsadmin", "elimstatus")
        self.assertEqual(rc, 3, err)  # hostC's lim is down: the answer is incomplete
        self.assertIn("HOST_NAME: hostC\nLIM is down; try later", out)
        melim_b = out.split("HOST_NAME: hostB\n", 1)[1].splitlines()[0]
        self.assertTrue(melim_b.startswith("MELIM:") and "running=yes" in melim_b.split(), out)
        rc, out, _ = self.run_cmd("lsadmin", "elimstatus", "hostC")
        self.assertEqual(rc, 3, out)
        self.assertIn("HOST_NAME: hostC\nLIM is down; try later", out)
