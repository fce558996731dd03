"""lspolicy, lsload -p and the offline tester agree on a running cluster: three real lims on
127.7.10.0/24; the master evaluates the policy; `lsload -json` saved as a snapshot and
replayed with `lspolicy --from` gives the same order.

Run: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd python3 -m unittest -v \
     test_lspolicy_online
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

# The hosts differ by a static site value, so the order does not depend on the machine's load.
POLICIES = """
policy: weight
constraint: age < 60 && [NLB_HOST != "^hostb$"]
sort: NLB_SITE_CPUNORM * NLB_NCPUS
policy: all
constraint: exists(NLB_IDLECPU) || 1
sort: NLB_SITE_CPUNORM
count: 2
policy: night
when: non_prime
policy: byname
constraint: [JOB_REQNAME == "^post"] => NLB_SITE_CPUNORM > 15
sort: NLB_SITE_CPUNORM
"""


class TestPolicies(unittest.TestCase):
    def setUp(self):
        if not LIM or not os.access(LIM, os.X_OK) or not CMD_DIR:
            raise unittest.SkipTest("LIM_BIN and CMD_DIR not set")
        self.c = Cluster(block="127.7.10", hosts=["hostA", "hostB", "hostC"], lim=LIM,
                         resources=["cpunorm Numeric () N N (Relative CPU power)"],
                         host_columns=("model type server RESOURCES",
                                       {"hostA": "Generic LINUX86 1 (cpunorm=10)",
                                        "hostB": "Generic LINUX86 1 (cpunorm=30)",
                                        "hostC": "Generic LINUX86 1 (cpunorm=20)"}))
        self.addCleanup(self.c.close)
        self.c._write("lsf.policies", POLICIES.replace("NLB_SITE_CPUNORM", "cpunorm"))
        self.c.start_all()

    def run_cmd(self, *argv):
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST="hostA")
        p = subprocess.run([os.path.join(CMD_DIR, argv[0])] + list(argv[1:]), env=env,
                           capture_output=True, text=True, timeout=30)
        return p.returncode, p.stdout, p.stderr

    def names(self, out):
        return [line.split()[0] for line in out.splitlines() if line.strip()]

    def test_commands_agree(self):
        def all_up():
            rc, out, _ = self.run_cmd("lspolicy", "-p", "all", "-c", "3")
            return rc == 0 and len(self.names(out)) == 2
        self.c.wait_or_dump(all_up, "every host reporting to the master")
        self.c.wait_or_dump(lambda: self.run_cmd("lspolicy", "-p", "weight")[1].count("\n") == 2,
                            "hostA and hostC pass")
        rc, out, err = self.run_cmd("lspolicy", "-p", "weight")
        self.assertEqual(rc, 0, err)
        self.assertEqual(self.names(out), ["hostC", "hostA"])
        rc, load, err = self.run_cmd("lsload", "-p", "weight")
        self.assertEqual(rc, 0, err)
        self.assertEqual(self.names(load)[1:], ["hostC", "hostA"])  # after the header
        rc, out, err = self.run_cmd("lsplace", "-p", "weight")
        self.assertEqual((rc, out.split()), (0, ["hostC"]), err)
        rc, out, err = self.run_cmd("lsplace", "-p", "weight", "-R", "select[cpunorm < 15]")
        self.assertEqual((rc, out.split()), (0, ["hostA"]), err)
        rc, out, err = self.run_cmd("nlbpolicy", "-p", "all")
        self.assertEqual((rc, self.names(out)), (0, ["hostB", "hostC"]), err)
        # The live snapshot, replayed offline: the same evaluator, the same order.
        rc, snap, err = self.run_cmd("lsload", "-json")
        self.assertEqual(rc, 0, err)
        self.assertTrue(all("age" in h for h in json.loads(snap)["hosts"]), snap)
        path = os.path.join(self.c.dir, "snap.json")
        with open(path, "w") as f:
            f.write(snap)
        rc, out, err = self.run_cmd("lspolicy", "-p", "weight", "--from", path)
        self.assertEqual((rc, self.names(out)), (0, ["hostC", "hostA"]), err)
        # Errors: strict unknown policy (1), a named policy out of its period (2).
        rc, _, err = self.run_cmd("lspolicy", "-p", "nosuch", "--strict")
        self.assertEqual(rc, 1, err)
        self.assertIn("unknown policy <nosuch>", err)
        rc, _, err = self.run_cmd("lspolicy", "-p", "night", "--at", "2026-11-25 12:00")
        self.assertEqual(rc, 2, err)
        self.assertIn("is for non_prime time only", err)

    def test_nqe_synopsis_blanks_request_name_and_server(self):
        self.c.wait_or_dump(
            lambda: len(self.names(self.run_cmd("lspolicy", "-p", "byname", "-a", "reqname=x")[1]))
            == 3,
            "every host reporting to the master")
        # `-a name = value` as NQE writes it, with the request name as a string attribute.
        rc, out, err = self.run_cmd("nlbpolicy", "-p", "byname", "-a", "reqname", "=", "post_7")
        self.assertEqual((rc, self.names(out)), (0, ["hostB", "hostC"]), err)
        rc, out, err = self.run_cmd("nlbpolicy", "-p", "byname", "-a", "reqname = pre_7")
        self.assertEqual((rc, self.names(out)), (0, ["hostB", "hostC", "hostA"]), err)
        # -s: that lim alone. A non-master forwards to the master; a lim that is down is not
        # replaced by the local one.
        rc, out, err = self.run_cmd("lspolicy", "-p", "byname", "-a", "reqname=x", "-s", "hostC")
        self.assertEqual((rc, self.names(out)), (0, ["hostB", "hostC", "hostA"]), err)
        self.c.stop("hostC")
        rc, out, err = self.run_cmd("lspolicy", "-p", "all", "-s", "hostC")
        self.assertEqual(rc, 3, (out, err))
        self.assertIn("LIM is down", err)
        rc, out, err = self.run_cmd("lspolicy", "-p", "all")
        self.assertEqual(rc, 0, err)


if __name__ == "__main__":
    unittest.main()
