"""Configuration refusals end to end (127.6.201.0/24): three real lims; a reconfig whose
Host section holds a row that cannot be read is refused (by lsadmin and by SIGHUP, whose
refusal is logged as an error with every file:line), and every host stays; a copy of the
cluster file with CRLF line endings keeps the configuration checksum.

Run: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd python3 -m unittest -v test_config
"""

import os
import signal
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "harness"))
from cluster import Cluster  # noqa: E402

LIM = os.environ.get("LIM_BIN", "")
CMD_DIR = os.environ.get("CMD_DIR", "")
HOSTS = ["hostA", "hostB", "hostC"]


class TestConfig(unittest.TestCase):
    def setUp(self):
        if not LIM or not os.access(LIM, os.X_OK) or not CMD_DIR:
            raise unittest.SkipTest("LIM_BIN and CMD_DIR not set")
        self.c = Cluster(block="127.6.201", hosts=HOSTS, lim=LIM, master_list=["hostA"])
        self.addCleanup(self.c.close)
        for h in HOSTS:
            self.c.start(h)
        self.wait_ok(HOSTS)

    def cmd(self, *args):
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST="hostA")
        p = subprocess.run([os.path.join(CMD_DIR, args[0])] + list(args[1:]), env=env,
                           input="y\n", capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout, p.stderr

    def lsload_hosts(self):
        _, out, _ = self.cmd("lsload")
        return {line.split()[0]: line.split()[1] for line in out.splitlines()[1:] if line}

    def wait_ok(self, hosts):
        self.c.wait_or_dump(lambda: all(self.lsload_hosts().get(h) == "ok" for h in hosts),
                            "lsload shows %s ok" % hosts, timeout=60)

    def cluster_file(self):
        return os.path.join(self.c.dir, "lsf.cluster.test")

    def break_host_row(self):
        """hostC's row loses its last column: before, a warning and hostC vanished."""
        with open(self.cluster_file()) as f:
            text = f.read()
        broken = text.replace("hostC Generic LINUX86 1 ()", "hostC Generic LINUX86 1")
        self.assertNotEqual(broken, text)
        with open(self.cluster_file(), "w") as f:
            f.write(broken)

    def test_BadHostRowRefusesReconfig(self):
        old = self.c.status("hostA")["checksum"]
        self.break_host_row()
        rc, out, err = self.cmd("lsadmin", "ckconfig")
        self.assertEqual(rc, 2, out)
        self.assertIn("lsf.cluster.test:", out)
        self.assertIn("error: row has 4 values but the header has 5 columns", out)
        rc, out, err = self.cmd("lsadmin", "reconfig")
        self.assertNotEqual(rc, 0, out + err)
        self.assertIn("row has 4 values but the header has 5 columns", out + err)
        self.assertEqual(self.c.status("hostA")["checksum"], old)
        self.assertEqual(self.c.counter("hostA", "reconfigs_refused"), 1)
        self.assertEqual(self.c.counter("hostA", "reconfigs"), 0)
        # SIGHUP on one lim: refused too, logged as an error with the file:line.
        self.c.signal("hostB", signal.SIGHUP)
        self.c.wait_or_dump(lambda: self.c.counter("hostB", "reconfigs_refused") >= 1,
                            "hostB refused the SIGHUP reconfig")
        log = self.c.log("hostB")
        self.assertIn("SIGHUP: reconfig refused", log)
        refused = [l for l in log.splitlines() if "SIGHUP: reconfig" in l]
        self.assertTrue(all("] error: SIGHUP" in l for l in refused), refused)
        self.assertTrue(any("lsf.cluster.test:" in l and "row has 4 values" in l
                            for l in refused), refused)
        # No host vanished.
        self.assertEqual(set(self.lsload_hosts()), set(HOSTS))
        self.assertEqual(self.c.status("hostB")["checksum"], old)

    def test_CrlfKeepsChecksum(self):
        old = self.c.status("hostA")["checksum"]
        for name in ("lsf.cluster.test", "lsf.shared"):
            path = os.path.join(self.c.dir, name)
            with open(path, "rb") as f:
                text = f.read()
            with open(path, "wb") as f:
                f.write(b"# edited elsewhere\r\n" + text.replace(b"\n", b"\r\n"))
        rc, out, err = self.cmd("lsadmin", "reconfig")
        self.assertEqual(rc, 0, out + err)
        self.c.wait_or_dump(lambda: self.c.counter("hostA", "reconfigs") >= 1, "reconfig")
        self.assertEqual(self.c.status("hostA")["checksum"], old)
        self.assertEqual(set(self.lsload_hosts()), set(HOSTS))


if __name__ == "__main__":
    unittest.main()
