"""lsclusters and lsmon end to end: the real commands against real lims over loopback, one
127.10.7N.0/24 block per test class. lsmon runs without a terminal (stdin from /dev/null)
and records with -L; the test polls the file, never the clock.

Run: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd python3 -m unittest -v test_monitor
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "harness"))
from cluster import Cluster  # noqa: E402

LIM = os.environ.get("LIM_BIN", "")
CMD_DIR = os.environ.get("CMD_DIR", "")

ADMINS = "\nBegin ClusterAdmins\nAdministrators = lsfadmin ops\nEnd ClusterAdmins\n"


def read(path):
    with open(path) as f:
        return f.read()


def need_binaries():
    if not LIM or not os.access(LIM, os.X_OK) or not CMD_DIR:
        raise unittest.SkipTest("LIM_BIN and CMD_DIR not set")


class Base(unittest.TestCase):
    block = None
    hosts = ["hostA", "hostB", "hostC"]

    def setUp(self):
        need_binaries()
        # hostC is a client: in the Host section, server 0, no lim.
        cols = ("model type server RESOURCES",
                {"hostA": "Generic LINUX86 1 ()", "hostB": "Generic LINUX86 1 ()",
                 "hostC": "Generic LINUX86 0 ()"})
        # LSF_SERVER_HOSTS: a command asks hostB when hostA's lim is gone (a failover).
        self.c = Cluster(block=self.block, hosts=self.hosts, lim=LIM,
                         master_list=["hostA", "hostB"], host_columns=cols,
                         conf_extra={"LSF_SERVER_HOSTS": '"hostA hostB"'})
        self.addCleanup(self.c.close)
        with open(os.path.join(self.c.dir, "lsf.cluster.test"), "a") as f:
            f.write(ADMINS)

    def env(self, host="hostA"):
        return dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST=host)

    def run_cmd(self, *argv, host="hostA"):
        p = subprocess.run([os.path.join(CMD_DIR, argv[0])] + list(argv[1:]), env=self.env(host),
                           stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout, p.stderr

    def wait(self, pred, what, timeout=30):
        return self.c.wait_or_dump(pred, what, timeout)

    def start_servers(self):
        self.c.start("hostA")
        self.c.start("hostB")
        self.wait(lambda: "master name is hostA" in self.run_cmd("lsid")[1], "hostA master")


class TestLsclusters(Base):
    block = "127.10.71"

    def test_the_live_cluster_as_lsf_prints_it(self):
        self.start_servers()
        rc, out, err = self.run_cmd("lsclusters")
        self.assertEqual(rc, 0, err)
        lines = out.splitlines()
        self.assertEqual(lines[0].split(),
                         ["CLUSTER_NAME", "STATUS", "MASTER_HOST", "ADMIN", "HOSTS", "SERVERS"])
        self.assertEqual(lines[1].split(), ["test", "ok", "hostA", "lsfadmin", "3", "2"])
        # Asked through the other server, the same answer.
        rc, out2, _ = self.run_cmd("lsclusters", host="hostB")
        self.assertEqual((rc, out2), (0, out))
        rc, out, err = self.run_cmd("lsclusters", "-l")
        self.assertEqual(rc, 0, err)
        self.assertIn("CLUSTER_NAME: test\nStatus: ok\nMaster_host: hostA\n"
                      "Cluster_Admins: lsfadmin ops\nNumber_of_hosts: 3\nNumber_of_servers: 2\n",
                      out)
        rc, out, err = self.run_cmd("lsclusters", "-json")
        self.assertEqual(rc, 0, err)
        c = json.loads(out)["clusters"][0]
        self.assertEqual((c["cluster"], c["master"], c["admins"], c["hosts"], c["servers"]),
                         ("test", "hostA", ["lsfadmin", "ops"], 3, 2))
        rc, out, err = self.run_cmd("lsclusters", "elsewhere")
        self.assertEqual((rc, out), (1, ""))
        self.assertIn("lsclusters: elsewhere: No such cluster", err)

    def test_lim_down(self):
        rc, out, err = self.run_cmd("lsclusters")
        self.assertEqual((rc, out), (3, ""))
        self.assertIn("LIM is down; try later", err)


class TestLsmon(Base):
    block = "127.10.72"

    def records(self, path):
        """The -L file's refreshes: {time: {host: [status, values...]}} and the header."""
        if not os.path.exists(path):
            return None, {}
        with open(path) as f:
            lines = f.read().splitlines()
        if not lines:
            return None, {}
        refreshes = {}
        for line in lines[1:]:
            w = line.split()
            refreshes.setdefault(int(w[0]), {})[w[1]] = w[2:]
        return lines[0], refreshes

    def start_lsmon(self, *args):
        log = os.path.join(self.c.dir, "lsmon.acct")
        err = open(os.path.join(self.c.dir, "lsmon.err"), "w")
        self.addCleanup(err.close)
        p = subprocess.Popen([os.path.join(CMD_DIR, "lsmon"), "-L", log] + list(args),
                             env=self.env(), stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=err)

        def stop():
            if p.poll() is None:
                p.kill()
            p.wait()
        self.addCleanup(stop)
        return p, log

    def test_records_every_refresh_and_survives_a_master_failover(self):
        self.start_servers()
        self.wait(lambda: self.run_cmd("lsload")[1].count(" ok ") >= 2, "both servers ok")
        p, log = self.start_lsmon("-i", "1", "-I", "r1m:mem")
        self.wait(lambda: len(self.records(log)[1]) >= 2, "two refreshes recorded")
        header, refreshes = self.records(log)
        self.assertEqual(header, "r1m mem")
        last = refreshes[max(refreshes)]
        self.assertLessEqual({"hostA", "hostB"}, set(last))
        self.assertEqual(last["hostA"][0], "ok")
        self.assertEqual(len(last["hostA"]), 3)  # status, r1m, mem
        float(last["hostA"][2])  # a number the lim measured
        # Both lims go away: lsmon keeps running and says so on its error line (stderr
        # without a terminal) ...
        self.c.stop("hostA")
        self.c.stop("hostB")
        errpath = os.path.join(self.c.dir, "lsmon.err")
        self.wait(lambda: "lsmon: LIM is down; try later (retrying every 1s)" in
                  read(errpath), "an error line while no lim answers")
        self.assertIsNone(p.poll())
        # ... and hostB comes back and takes the master role (hostA stays down): lsmon
        # records again, from the new master.
        seen = len(self.records(log)[1])
        self.c.start("hostB")
        self.wait(lambda: any(r.get("hostB", [""])[0] == "ok" and
                              r.get("hostA", ["unavail"])[0] == "unavail"
                              for t, r in self.records(log)[1].items()
                              if t >= max(refreshes)) and
                  len(self.records(log)[1]) > seen, "a refresh from the new master", timeout=60)
        self.assertIsNone(p.poll())
        rc, out, _ = self.run_cmd("lsid", host="hostB")
        self.assertIn("master name is hostB", out)

    def test_count_ends_after_that_many_refreshes_and_prints_tables(self):
        self.start_servers()
        p = subprocess.run([os.path.join(CMD_DIR, "lsmon"), "--count", "2", "-i", "1",
                            "-R", "order[r1m]", "hostA", "hostB"],
                           env=self.env(), stdin=subprocess.DEVNULL, capture_output=True,
                           text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        tables = p.stdout.split("\n\n")
        self.assertEqual(len(tables), 2)
        for t in tables:
            rows = t.strip().splitlines()
            self.assertEqual(rows[0].split()[:2], ["HOST_NAME", "status"])
            self.assertEqual(sorted(r.split()[0] for r in rows[1:]), ["hostA", "hostB"])

    def test_usage_and_start_errors(self):
        rc, _, err = self.run_cmd("lsmon", "-N", "-E")
        self.assertEqual(rc, 2)
        self.assertIn("-N and -E cannot be used together", err)
        rc, _, err = self.run_cmd("lsmon", "--count", "1")
        self.assertEqual(rc, 3)
        self.assertIn("LIM is down; try later", err)
        self.start_servers()
        rc, _, err = self.run_cmd("lsmon", "--count", "1", "-R", "select[nosuch]")
        self.assertNotEqual(rc, 0)
        self.assertIn("nosuch", err)
        rc, _, err = self.run_cmd("lsmon", "--count", "1", "-L",
                                  os.path.join(self.c.dir, "no", "such", "dir", "f"))
        self.assertEqual(rc, 1)
        self.assertIn("lsmon: ", err)


@unittest.skipUnless(shutil.which("tmux"), "tmux not installed")
class TestLsmonScreen(Base):
    """The full screen in a real terminal (tmux): keys, a prompt, a resize, lims going away."""
    block = "127.10.73"
    session = "openlim-lsmon-%d" % os.getpid()

    def tmux(self, *args):
        return subprocess.run(["tmux"] + list(args), capture_output=True, text=True, timeout=30)

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", self.session).stdout.splitlines()

    def wait_screen(self, pred, what):
        return self.wait(lambda: pred(self.screen()), what)

    def test_keys_prompt_resize_and_failover_on_a_real_terminal(self):
        self.start_servers()
        cmd = "env LSF_ENVDIR=%s OPENLIM_HOST=hostA TERM=xterm %s -i 1" % (
            self.c.dir, os.path.join(CMD_DIR, "lsmon"))
        self.tmux("new-session", "-d", "-s", self.session, "-x", "100", "-y", "12", cmd)
        self.addCleanup(self.tmux, "kill-session", "-t", self.session)
        row = lambda lines, host: next((l.split() for l in lines if l.startswith(host)), None)
        self.wait_screen(lambda l: row(l, "hostA") and row(l, "hostB") and
                         l[2].startswith("HOST_NAME") and "q:quit" in l[-1], "the table")
        self.tmux("send-keys", "-t", self.session, "N")
        self.wait_screen(lambda l: "run queues normalised" in l[0], "normalised run queues")
        # A refused requirement: its error fills the second row, the header stays below it.
        self.tmux("send-keys", "-t", self.session, "R")
        self.wait_screen(lambda l: "New resource requirement" in l[-1], "the R prompt")
        self.tmux("send-keys", "-t", self.session, "select[bad", "Enter")
        self.wait_screen(lambda l: "requirement not changed" in "".join(l[1:3]) or
                         l[1].startswith("lsmon: Bad resource requirement"), "the error row")
        lines = self.screen()
        self.assertTrue(lines[2].startswith("HOST_NAME"), lines)
        self.assertTrue(row(lines, "hostA"), lines)
        # A small terminal: every line cut at its edge, the help on the last row.
        self.tmux("resize-window", "-t", self.session, "-x", "40", "-y", "8")
        self.wait_screen(lambda l: len(l) == 8 and "q:quit" not in l[-1] and
                         l[-1].startswith("^L:redraw") and l[2].startswith("HOST_NAME"),
                         "the resized screen")
        self.assertTrue(all(len(x) <= 40 for x in self.screen()))
        # No lim answers: the error row says so above the last table.
        self.c.stop("hostA")
        self.c.stop("hostB")
        self.wait_screen(lambda l: l[1].startswith("lsmon: LIM is down") and
                         row(l, "hostA") is not None, "the LIM down row over the last table")
        self.tmux("send-keys", "-t", self.session, "q")
        self.wait(lambda: self.tmux("has-session", "-t", self.session).returncode != 0,
                  "lsmon quits on q")


if __name__ == "__main__":
    unittest.main()
