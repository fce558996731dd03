"""Reservations end to end: lsreserve / lsrelease against real lims (one 127.7.5N.0/24 block
per test class), verified users over the lims' local sockets, reservations surviving a
master killed with SIGKILL (failing over, or restarted under its name without its files)
and a reserved host's lim killed and restarted, and state files of another cluster.

Run: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd python3 -m unittest -v test_reserve
"""

import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "harness"))
from cluster import Cluster, KIND_REQUEST, frame  # noqa: E402

LIM = os.environ.get("LIM_BIN", "")
CMD_DIR = os.environ.get("CMD_DIR", "")


class Base(unittest.TestCase):
    block = None
    hosts = ["hostA", "hostB"]
    master_list = None

    def setUp(self):
        if not LIM or not os.access(LIM, os.X_OK) or not CMD_DIR:
            raise unittest.SkipTest("LIM_BIN and CMD_DIR not set")
        self.c = Cluster(block=self.block, hosts=self.hosts, lim=LIM,
                         master_list=self.master_list)
        self.state = self.c.statedir  # the harness gives every cluster its own
        self.addCleanup(self.c.close)

    def run_cmd(self, *argv, host="hostA", user=None):
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST=host)
        cmd = [os.path.join(CMD_DIR, argv[0])] + list(argv[1:])
        if user is not None:
            cmd = ["setpriv", "--reuid=%d" % user, "--regid=%d" % user, "--clear-groups"] + cmd
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout, p.stderr

    def reserve(self, *args, host="hostA", user=None):
        """lsreserve, waiting out the new master's rebuild window (exit 4)."""
        last = []

        def attempt():
            rc, out, err = self.run_cmd("lsreserve", *args, host=host, user=user)
            last[:] = [rc, out, err]
            return rc != 4
        self.c.wait_or_dump(attempt, "lsreserve past the ledger rebuild")
        return tuple(last)

    def listed(self, host="hostA"):
        rc, out, err = self.run_cmd("lsreserve", "-l", "-u", "all", "-json", host=host)
        if rc != 0:
            return None
        return sorted(r["id"] for r in json.loads(out)["reservations"])

    def start_and_wait_master(self, master="hostA"):
        self.c.start_all()
        self.c.wait_or_dump(lambda: all(self.c.master_of(h) == master for h in self.c.hosts),
                            "master elected")

    def cpus_known(self):
        rc, out, _ = self.run_cmd("lshosts", "-json")
        hosts = json.loads(out).get("hosts", []) if rc == 0 else []
        return len(hosts) == len(self.hosts) and all(
            isinstance(h.get("ncpus"), (int, float)) for h in hosts)

    @staticmethod
    def id_of(out):
        # "Reservation <ID> is created on host(s): h1 h1 h2"
        return out.split()[1]


class TestCommands(Base):
    """Create, list, renew and release; placement takes what is reserved."""
    block = "127.7.50"

    def test_reserve_list_renew_release(self):
        self.start_and_wait_master()
        self.c.wait_or_dump(lambda: len(self.run_cmd("lsplace", "-n", "0")[1].split()) >= 2,
                            "both hosts placeable")
        # Every host's CPU count known (a host not reported yet places one slot, not ncpus).
        self.c.wait_or_dump(lambda: self.cpus_known(), "both hosts' ncpus")
        free = len(self.run_cmd("lsplace", "-n", "0")[1].split())
        rc, out, err = self.reserve("-n", "1", "-P", "proj", "-q", "normal", "-pe", "mpi",
                                    "-t", "600", "hostB", host="hostB")
        self.assertEqual(rc, 0, err)
        self.assertRegex(out, r"^Reservation \S+ is created on host\(s\): hostB\n$")
        rid = self.id_of(out)
        # The slot is gone for placement.
        self.assertEqual(len(self.run_cmd("lsplace", "-n", "0")[1].split()), free - 1)
        rc, out, err = self.run_cmd("lsreserve", "-l", "-json")
        self.assertEqual(rc, 0, err)
        r = json.loads(out)["reservations"][0]
        self.assertEqual((r["id"], r["user"], r["project"], r["queue"], r["pe"]),
                         (rid, pwd.getpwuid(os.getuid()).pw_name, "proj", "normal", "mpi"))
        self.assertAlmostEqual(r["expires"] - r["created"], 600, delta=1)
        rc, out, err = self.run_cmd("lsreserve", "-r", rid, "-t", "900")
        self.assertEqual(rc, 0, err)
        self.assertIn("is renewed until", out)
        # Too many slots: exit 1; a bad option: exit 2.
        rc, _, err = self.reserve("-n", "1000")
        self.assertEqual(rc, 1, err)
        self.assertEqual(self.run_cmd("lsreserve", "-n", "x")[0], 2)
        rc, out, err = self.run_cmd("lsrelease", rid)
        self.assertEqual((rc, out), (0, "Reservation %s is released\n" % rid), err)
        rc, out, err = self.run_cmd("lsrelease", rid)
        self.assertEqual(rc, 1)
        self.assertIn("is already released", err)
        self.assertEqual(len(self.run_cmd("lsplace", "-n", "0")[1].split()), free)
        # hostB's lim forwarded the first request to the master.
        self.assertGreaterEqual(self.c.counter("hostB", "reservations_forwarded"), 1)


class TestVerifiedUsers(Base):
    """Unsigned, forged and on-behalf requests are refused and counted."""
    block = "127.7.51"

    def test_unsigned_forged_and_other_users(self):
        self.start_and_wait_master()
        # Straight to the master over TCP, unsigned: refused and counted.
        r = self.c.query("hostA", {"op": "reserve", "caller": "root", "n": 1})
        self.assertEqual(r.get("code"), "denied", r)
        self.assertEqual(self.c.counter("hostA", "reserve_denied_unsigned"), 1)
        # Signed with a key that is not the cluster's: refused at the frame.
        forged = frame(KIND_REQUEST, json.dumps({"op": "reserve", "caller": "root",
                                                 "sender": "x"}).encode(),
                       b"0" * 64, self.c.epoch, 1)
        import socket
        with socket.create_connection((self.c.address("hostA"), self.c.port), timeout=3) as s:
            s.sendall(forged)
            reply = s.recv(65536)
        self.assertIn(b"bad signature", reply)
        self.assertGreaterEqual(self.c.counter("hostA", "auth_bad_mac"), 1)
        if os.getuid() != 0 or not shutil.which("setpriv"):
            self.skipTest("needs root and setpriv to run a command as another user")
        os.chmod(self.c.dir, 0o755)  # the other user reads lsf.conf and reaches the socket
        os.chmod(self.state, 0o755)
        nobody = pwd.getpwnam("nobody").pw_uid
        rc, out, err = self.reserve("-n", "1")
        self.assertEqual(rc, 0, err)
        rid = self.id_of(out)
        # Another user cannot release it, nor reserve for someone else.
        rc, out, err = self.run_cmd("lsrelease", rid, user=nobody, host="hostB")
        self.assertEqual(rc, 1, out + err)
        self.assertIn("Permission denied", err)
        rc, out, err = self.reserve("-u", "root", user=nobody)
        self.assertEqual(rc, 1, out + err)
        self.assertIn("Permission denied", err)
        self.assertGreaterEqual(self.c.counter("hostA", "reserve_denied_user"), 2)
        # Their own reservation is theirs.
        rc, out, err = self.reserve("-n", "1", user=nobody, host="hostB")
        self.assertEqual(rc, 0, err)
        rc, out, err = self.run_cmd("lsreserve", "-l", "-json", user=nobody)
        users = [r["user"] for r in json.loads(out)["reservations"]]
        self.assertEqual(users, ["nobody"])
        self.assertEqual(self.listed() and len(self.listed()), 2)
        self.assertEqual(self.run_cmd("lsrelease", rid)[0], 0)


class TestNothingLost(Base):
    """The master killed (SIGKILL): the next candidate lists the same reservations; a
    reserved host's lim killed and restarted still holds its reservations."""
    block = "127.7.52"
    hosts = ["hostA", "hostB", "hostC"]
    master_list = ["hostA", "hostB"]

    def test_master_failover_and_lim_restart(self):
        self.start_and_wait_master()
        ids = []
        for target in ("hostB", "hostC", "hostA"):
            rc, out, err = self.reserve("-n", "1", target, host="hostC")
            self.assertEqual(rc, 0, err)
            ids.append(self.id_of(out))
        ids.sort()
        self.assertEqual(self.listed(), ids)
        self.c.stop("hostA", signal.SIGKILL)
        self.c.wait_or_dump(lambda: self.c.master_of("hostC") == "hostB", "hostB master")
        # Every master candidate keeps every reservation: hostB has them all at once,
        # the one on the dead hostA too.
        self.c.wait_or_dump(lambda: self.listed("hostC") == ids, "the new master's ledger")
        self.c.start("hostA")
        self.c.wait_or_dump(lambda: self.listed("hostC") == ids, "every reservation back")
        # hostC's lim killed and restarted: its state file still holds its reservation.
        self.assertEqual(self.c.counter("hostC", "reservations_held_here"), 1)
        self.c.stop("hostC", signal.SIGKILL)
        self.c.start("hostC")
        self.c.wait_or_dump(lambda: self.c.counter("hostC", "reservations_held_here") == 1,
                            "hostC's reservation kept")
        self.c.wait_or_dump(lambda: self.listed("hostC") == ids, "listed after the restart")


class TestMasterRestart(Base):
    """The master's lim killed (SIGKILL), its state files garbled, started again under the
    same name: it hears every keeper's holds before it admits anything, so it lists the
    reservations again and never books their slots a second time."""
    block = "127.7.53"
    hosts = ["hostA", "hostB", "hostC"]
    master_list = ["hostA"]

    def ncpus(self, host):
        rc, out, _ = self.run_cmd("lshosts", "-json")
        return {h["name"]: int(h["ncpus"]) for h in json.loads(out)["hosts"]}[host]

    def test_master_restarted_under_its_name_without_its_files(self):
        self.start_and_wait_master()
        self.c.wait_or_dump(lambda: self.cpus_known(), "every host's ncpus")
        n = self.ncpus("hostB")
        ids = []
        for args in (("-n", str(n), "hostB"), ("-n", "1", "hostC")):
            rc, out, err = self.reserve(*args, host="hostB")
            self.assertEqual(rc, 0, err)
            ids.append(self.id_of(out))
        ids.sort()
        self.assertEqual(self.listed(), ids)
        # hostB is full: nothing more there.
        self.assertEqual(self.reserve("-n", "1", "hostB")[0], 1)
        # The state files are this cluster's own, in its temp dir.
        snapshot = os.path.join(self.state, "reservations.hostA.json")
        journal = os.path.join(self.state, "reservations.hostA.journal")
        self.assertTrue(os.path.exists(snapshot) or os.path.exists(journal))
        reports_b = self.c.counter("hostB", "holds_reports")
        self.c.stop("hostA", signal.SIGKILL)
        with open(snapshot, "w") as f:
            f.write("garbage\n")
        if os.path.exists(journal):
            os.remove(journal)
        self.c.start("hostA")
        self.c.wait_or_dump(lambda: self.c.counter("hostA", "rebuild_windows") == 1,
                            "hostA master again")
        self.c.wait_or_dump(lambda: self.listed("hostA") == ids, "the keepers' holds back")
        # Neither hostB's slots nor hostC's are booked twice.
        rc, out, err = self.reserve("-n", "1", "hostB")
        self.assertEqual(rc, 1, out + err)
        self.assertEqual(self.listed("hostA"), ids)
        # hostB reported again to the same master name (its new boot epoch).
        self.assertGreater(self.c.counter("hostB", "holds_reports"), reports_b)
        self.assertIn("moved to", self.c.log("hostA"))


class TestForeignState(Base):
    """A lim adopts its own cluster's state files and sets another cluster's aside."""
    block = "127.7.54"
    master_list = ["hostA"]

    def state_file(self, cluster, host, rid):
        now = time.time()
        r = {"id": rid, "user": "alice", "project": "", "queue": "", "pe": "",
             "hosts": [host], "holds": [{"host": host, "slots": 1, "amounts": []}],
             "created": now, "expires": now + 3600, "master": "hostA"}
        path = os.path.join(self.state, "reservations.%s.json" % host)
        with open(path, "w") as f:
            json.dump({"version": 1, "cluster": cluster, "host": host, "reservations": [r]}, f)
        return path

    def test_another_clusters_files_are_set_aside(self):
        mine = self.state_file("test", "hostA", "hostA:1.1")  # the harness's cluster
        theirs = self.state_file("other", "hostB", "hostB:1.1")
        self.start_and_wait_master()
        # Once the ledger is rebuilt (a reservation goes through), only this cluster's is there.
        rc, out, err = self.reserve("-n", "1", "hostA")
        self.assertEqual(rc, 0, err)
        self.assertEqual(self.listed(), sorted(["hostA:1.1", self.id_of(out)]))
        self.assertEqual(self.c.counter("hostB", "reservation_state_foreign"), 1)
        self.assertEqual(self.c.counter("hostA", "reservation_state_foreign"), 0)
        self.assertTrue(os.path.exists(theirs + ".cluster-other"))
        self.assertIn("written by a lim of cluster other", self.c.log("hostB"))
        with open(mine) as f:
            self.assertEqual(json.load(f)["cluster"], "test")


if __name__ == "__main__":
    unittest.main()
