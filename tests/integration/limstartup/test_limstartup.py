"""lsadmin limstartup end to end (127.6.200.0/24): the local lim is started directly, the
others through LSF_RSH, here fake_rsh.sh, which runs the remote command on loopback as that
host (OPENLIM_HOST=<host>). hostD is unreachable through the fake remote shell.

Run: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd python3 -m unittest -v test_limstartup
"""

import os
import signal
import subprocess
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "harness"))
from cluster import Cluster  # noqa: E402

LIM = os.environ.get("LIM_BIN", "")
CMD_DIR = os.environ.get("CMD_DIR", "")


class TestLimStartup(unittest.TestCase):
    def setUp(self):
        if not LIM or not os.access(LIM, os.X_OK) or not CMD_DIR:
            raise unittest.SkipTest("LIM_BIN and CMD_DIR not set")
        self.c = Cluster(block="127.6.200", hosts=["hostA", "hostB", "hostC", "hostD"],
                         lim=LIM, master_list=["hostA", "hostB"],
                         conf_extra={"LSF_RSH": os.path.join(HERE, "fake_rsh.sh")})
        self.addCleanup(self.c.close)
        self.addCleanup(self.kill_detached)  # runs before close() removes the directory
        os.symlink(LIM, os.path.join(self.c.serverdir, "lim"))
        self.rsh_log = os.path.join(self.c.dir, "rsh.log")

    def kill_detached(self):
        """The lims limstartup started detach themselves: find them by this test's LSF_ENVDIR
        on their command line and kill them by pid."""
        for pid in os.listdir("/proc"):
            if not pid.isdigit() or int(pid) == os.getpid():
                continue
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    argv = f.read().split(b"\0")
            except OSError:
                continue
            if self.c.dir.encode() in argv and b"--host" in argv:
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except ProcessLookupError:
                    pass

    def lsadmin(self, *args, stdin=None):
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST="hostA",
                   FAKE_RSH_LOG=self.rsh_log, FAKE_RSH_DOWN="hostD")
        env.pop("LSF_RSH", None)
        env.pop("LSF_SERVERDIR", None)
        p = subprocess.run([os.path.join(CMD_DIR, "lsadmin")] + list(args), env=env,
                           input=stdin, capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout, p.stderr

    def rsh_hosts(self):
        try:
            with open(self.rsh_log) as f:
                return [line.split()[0] for line in f if line.strip()]
        except OSError:
            return []

    def status_of(self, host):
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST="hostA")
        p = subprocess.run([os.path.join(CMD_DIR, "lsload")], env=env, capture_output=True,
                           text=True, timeout=60)
        for line in p.stdout.splitlines():
            cols = line.split()
            if cols and cols[0] == host:
                return cols[1]
        return None

    def wait_ok(self, hosts):
        self.c.wait_or_dump(lambda: all(self.status_of(h) == "ok" for h in hosts),
                            "lsload shows %s ok" % hosts, timeout=60)

    def test_NamedHosts(self):
        self.c.start("hostA")
        rc, out, err = self.lsadmin("limstartup", "hostB", "hostC", "hostD")
        self.assertEqual(rc, 1, out + err)
        self.assertIn("Starting up LIM on <hostB> ...... done", out)
        self.assertIn("Starting up LIM on <hostC> ...... done", out)
        self.assertIn("Starting up LIM on <hostD> ...... failed", out)
        self.assertIn("hostD: remote start through LSF_RSH", err)
        self.assertIn("exit 255", err)
        self.assertIn("Connection refused", err)  # the remote shell's own words
        self.assertEqual(sorted(self.rsh_hosts()), ["hostB", "hostC", "hostD"])
        self.wait_ok(["hostA", "hostB", "hostC"])
        self.assertNotEqual(self.status_of("hostD"), "ok")

    def test_AllHosts(self):
        rc, out, _ = self.lsadmin("limstartup", "all", stdin="n\n")
        self.assertEqual(rc, 0)
        self.assertIn("Do you really want to start up LIM on all hosts? [y/n]", out)
        self.assertNotIn("Starting up", out)
        self.assertEqual(self.rsh_hosts(), [])
        rc, out, err = self.lsadmin("limstartup", "-f", "all")
        self.assertEqual(rc, 1, out + err)
        self.assertNotIn("Do you really want", out)
        for h in ("hostA", "hostB", "hostC"):
            self.assertIn("Starting up LIM on <%s> ...... done" % h, out)
        self.assertIn("Starting up LIM on <hostD> ...... failed", out)
        # The local lim is started directly, the others through the remote shell.
        self.assertEqual(sorted(self.rsh_hosts()), ["hostB", "hostC", "hostD"])
        self.wait_ok(["hostA", "hostB", "hostC"])

    def test_UnknownHost(self):
        rc, out, err = self.lsadmin("limstartup", "hostB", "nosuchhost")
        self.assertEqual(rc, 1)
        self.assertIn("nosuchhost: not a host in the cluster", err)
        self.assertEqual(self.rsh_hosts(), [])
        rc, _, err = self.lsadmin("limstartup", "-x")
        self.assertEqual(rc, 2)
        self.assertIn("limstartup [-f] [-json] [host_name ... | all]", err)

    def run_lim(self):
        p = subprocess.run([LIM, "-d", self.c.dir, "--host", "hostA"], env=dict(os.environ),
                           capture_output=True, text=True, timeout=60)
        return p.returncode, p.stderr

    def test_BadConfigRefused(self):
        """A bad port, interval or count: lim exits non-zero with the file:line message
        before it detaches (never a crash, a random or a wrapped port), and limstartup says
        failed, passes lim's words on and exits non-zero."""
        cases = [("lsf.conf", {"LSF_LIM_PORT": bad}, {}, "lsf.conf:2: bad value <%s> for "
                  "LSF_LIM_PORT: want a port number 1-65535" % bad)
                 for bad in ("abc", "0", "70000", "-5", "27306x")]
        cases += [("lsf.conf", {"LSF_API_CONNTIMEOUT": "soon"}, {},
                   "bad value <soon> for LSF_API_CONNTIMEOUT"),
                  ("lsf.conf", {"LSF_ELIM_RESTARTS": "-7"}, {},
                   "bad value <-7> for LSF_ELIM_RESTARTS"),
                  ("lsf.cluster.test", {}, {"EXINTERVAL": "0"},
                   "lsf.cluster.test:2: bad value <0> for EXINTERVAL"),
                  ("lsf.cluster.test", {}, {"HOST_INACTIVITY_LIMIT": "1x"},
                   "lsf.cluster.test:4: bad value <1x> for HOST_INACTIVITY_LIMIT")]
        good_conf, good_params = dict(self.c.conf_extra), dict(self.c.params)
        for name, conf, params, message in cases:
            with self.subTest(file=name, conf=conf, params=params):
                self.c.conf_extra = dict(good_conf, **conf)
                self.c.params = dict(good_params, **params)
                self.c.write_config()
                rc, err = self.run_lim()
                self.assertEqual(rc, 1, err)
                self.assertIn(message, err)
                self.assertIn("lim: configuration has errors; not starting", err)
                self.assertNotIn("terminate", err)  # no uncaught exception
                rc, out, err = self.lsadmin("limstartup")
                self.assertEqual(rc, 1, out + err)
                self.assertIn("Starting up LIM on <hostA> ...... failed", out)
                self.assertIn(message, err)  # lim's own words reach the admin
                self.assertIn("exit 1", err)
        self.assertEqual(self.rsh_hosts(), [])
        # Fixed again, it starts.
        self.c.conf_extra, self.c.params = good_conf, good_params
        self.c.write_config()
        rc, out, err = self.lsadmin("limstartup")
        self.assertEqual(rc, 0, out + err)
        self.wait_ok(["hostA"])


if __name__ == "__main__":
    unittest.main()
