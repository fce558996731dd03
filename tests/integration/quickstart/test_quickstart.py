"""scripts/quickstart.sh end to end on an existing build (OPENLIM_QUICKSTART_PREBUILT=1):
a second run while the first one's lim runs replaces it and ends with a working cluster,
and `stop` leaves no lim. The demo uses conf/ as it is: hostA on 127.0.0.11.

Run: OPENLIM_BUILD_DIR=$PWD/build python3 -m unittest -v test_quickstart
"""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "quickstart.sh")
BUILD = os.environ.get("OPENLIM_BUILD_DIR", "")


def alive(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return b"--host" in f.read()
    except OSError:
        return False


class Base(unittest.TestCase):
    def setUp(self):
        if not BUILD or not os.access(os.path.join(BUILD, "lim", "daemon", "lim"), os.X_OK):
            raise unittest.SkipTest("OPENLIM_BUILD_DIR has no built lim")
        self.demo = tempfile.mkdtemp(prefix="openlim-quickstart-")
        self.addCleanup(shutil.rmtree, self.demo, True)
        self.env = dict(os.environ, OPENLIM_QUICKSTART_PREBUILT="1", OPENLIM_DEMO_DIR=self.demo,
                        OPENLIM_BUILD_DIR=BUILD)
        self.addCleanup(self.quickstart, "stop")

    def quickstart(self, *args):
        p = subprocess.run(["bash", SCRIPT, *args], env=self.env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=240)
        return p.returncode, p.stdout.decode(errors="replace")

    def pid(self):
        with open(os.path.join(self.demo, "run", "lim.hostA.pid")) as f:
            return int(f.read())

    def assert_demo_ran(self, rc, out):
        self.assertEqual(rc, 0, out)
        self.assertIn("openlim is running", out)
        # The placement and the reservation steps succeed (the sample's hostA has no busy
        # threshold a loaded machine reaches).
        self.assertRegex(out, r"hostA: chosen for slot 1", out)
        self.assertRegex(out, r"(?m)^Reservation \S+", out)


class TestRerun(Base):
    def test_rerun_replaces_the_running_demo_and_stop_ends_it(self):
        rc, out = self.quickstart()
        self.assert_demo_ran(rc, out)
        first = self.pid()
        self.assertTrue(alive(first))

        rc, out = self.quickstart()  # the first demo's lim still runs
        self.assert_demo_ran(rc, out)
        second = self.pid()
        self.assertNotEqual(first, second)
        self.assertFalse(alive(first), "the first demo's lim must be gone")
        self.assertTrue(alive(second))
        lsid = subprocess.run([os.path.join(BUILD, "lim", "cmd", "lsid")], env=dict(
            self.env, LSF_ENVDIR=os.path.join(ROOT, "conf"), OPENLIM_HOST="hostA",
            OPENLIM_KEYFILE=os.path.join(self.demo, "cluster.key")),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=30)
        self.assertEqual(lsid.returncode, 0, lsid.stdout)
        self.assertIn("master name is hostA", lsid.stdout)

        rc, out = self.quickstart("stop")
        self.assertEqual(rc, 0, out)
        self.assertIn("quickstart: stopped", out)
        self.assertFalse(alive(second), "stop returns once the lim has exited")
        rc, out = self.quickstart("stop")
        self.assertEqual(rc, 0, out)
        self.assertIn("no lim of ours is running", out)


# Plays a lim of the running demo that takes a while to exit: it holds hostA's LIM port
# (127.0.0.11, LSF_LIM_PORT 7869 in conf/) and lets go of it 1.5 s after SIGTERM.
SLOW_LIM = """
import signal, socket, sys, time
tcp = socket.socket(); tcp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
tcp.bind(("127.0.0.11", 7869)); tcp.listen(8)
udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); udp.bind(("127.0.0.11", 7869))
def term(*_):
    time.sleep(1.5)
    sys.exit(0)
signal.signal(signal.SIGTERM, term)
print("bound", flush=True)
while True:
    time.sleep(1)
"""


class TestSlowExit(Base):
    def test_rerun_waits_for_the_old_lim_to_free_its_port(self):
        old = subprocess.Popen([sys.executable, "-c", SLOW_LIM, "--host", "hostA"],
                               stdout=subprocess.PIPE, text=True)
        self.addCleanup(old.kill)
        self.assertEqual(old.stdout.readline().strip(), "bound")
        os.makedirs(os.path.join(self.demo, "run"))
        with open(os.path.join(self.demo, "run", "lim.hostA.pid"), "w") as f:
            f.write("%d\n" % old.pid)
        rc, out = self.quickstart()
        self.assert_demo_ran(rc, out)
        self.assertEqual(old.poll(), 0, "the old lim exited of its own accord, after TERM")
        self.assertNotEqual(self.pid(), old.pid)


if __name__ == "__main__":
    unittest.main()
