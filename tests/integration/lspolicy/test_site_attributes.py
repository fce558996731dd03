"""Site attributes from lsf.attributes on a running cluster (127.8.10.0/24): two real lims;
a policy constraint on a site attribute picks the host that has it, select[] and lshosts -l
see the values, a reconfig with a changed file changes the answer, and a bad file is
reported by ckconfig and refused by reconfig (the answer stays). lsid names the master's
calendar period and default policy, also when asked through another lim.

Run: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd python3 -m unittest -v \
     test_site_attributes
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

POLICIES = """
policy: gold
constraint: [site_tier == "^gold$"]
sort: site_norm
"""

ATTRIBUTES_B = """# hostB is the gold host
object NLB (hostA) { site_norm = 1; }
object NLB (hostB) {
    site_tier = gold;
    site_norm = 010;
    site_apps = "UniChem dbase";
}
"""

ATTRIBUTES_A = """object NLB (hostA) { SITE_TIER = "gold"; site_norm = 2.5; }
"""


class TestSiteAttributes(unittest.TestCase):
    def setUp(self):
        if not LIM or not os.access(LIM, os.X_OK) or not CMD_DIR:
            raise unittest.SkipTest("LIM_BIN and CMD_DIR not set")
        self.c = Cluster(block="127.8.10", hosts=["hostA", "hostB"], lim=LIM,
                         master_list=["hostA"],
                         resources=["site_tier String () () () (Tier)",
                                    "site_norm Numeric () N N (CPU norm)",
                                    "site_apps String () () () (Applications)"])
        self.addCleanup(self.c.close)
        self.c._write("lsf.policies", POLICIES)
        self.c._write("lsf.attributes", ATTRIBUTES_B)
        self.c.start_all()

    def run_cmd(self, *argv, host="hostA"):
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST=host)
        p = subprocess.run([os.path.join(CMD_DIR, argv[0])] + list(argv[1:]), env=env,
                           input="y\n", capture_output=True, text=True, timeout=30)
        return p.returncode, p.stdout, p.stderr

    def gold(self):
        rc, out, _ = self.run_cmd("lspolicy", "-p", "gold")
        return [line.split()[0] for line in out.splitlines() if line.strip()] if rc == 0 else []

    def test_policy_select_lshosts_and_reconfig(self):
        self.c.wait_or_dump(lambda: self.gold() == ["hostB"], "lspolicy -p gold picks hostB")
        rc, out, err = self.run_cmd("lspolicy", "-p", "gold")
        self.assertEqual((rc, out), (0, "hostB 8.000000\n"), err)  # 010 is octal
        rc, out, err = self.run_cmd("lsplace", "-R", "select[site_norm > 5]")
        self.assertEqual((rc, out.split()), (0, ["hostB"]), err)
        # lshosts -l lists them apart from RESOURCES, with the lim's uname strings.
        self.c.wait_or_dump(lambda: "NLB_OSNAME" in self.run_cmd("lshosts", "-l", "hostB")[1],
                            "hostB's NLB strings reach the master")
        rc, out, err = self.run_cmd("lshosts", "-l", "hostB")
        self.assertEqual(rc, 0, err)
        self.assertIn("RESOURCES: ()\n", out)
        self.assertIn("SITE_ATTRIBUTES:\n site_tier site_norm       site_apps\n"
                      "      gold         8 \"UniChem dbase\"\n", out)
        self.assertIn("NLB_ATTRIBUTES:\n NLB_HARDWARE NLB_OSNAME", out)
        rc, out, err = self.run_cmd("lshosts", "-json")
        hosts = {h["name"]: h for h in json.loads(out)["hosts"]}
        self.assertEqual(hosts["hostA"]["site"], {"site_norm": 1})
        self.assertEqual(hosts["hostB"]["nlb"]["NLB_OSNAME"], os.uname().sysname)
        # A bad file: ckconfig names file:line; reconfig is refused and nothing changes.
        self.c._write("lsf.attributes", ATTRIBUTES_A + "object NLB (hostB) { site_norm = x; }\n")
        rc, out, err = self.run_cmd("lsadmin", "ckconfig")
        self.assertEqual(rc, 2, out + err)
        self.assertIn("lsf.attributes:2: error: <site_norm> is declared Numeric in lsf.shared", out)
        rc, out, err = self.run_cmd("lsadmin", "reconfig")
        self.assertNotEqual(rc, 0, out + err)
        self.assertEqual(self.gold(), ["hostB"])
        # The changed file, reread on reconfig: now hostA is the gold host.
        self.c._write("lsf.attributes", ATTRIBUTES_A)
        rc, out, err = self.run_cmd("lsadmin", "reconfig")
        self.assertEqual(rc, 0, out + err)
        self.c.wait_or_dump(lambda: self.gold() == ["hostA"], "lspolicy -p gold picks hostA")
        rc, out, err = self.run_cmd("lsplace", "-R", "select[site_norm > 5]")
        self.assertNotEqual(rc, 0, out)
        # A live snapshot without its site values: lspolicy --from takes the configuration's.
        rc, snap, err = self.run_cmd("lsload", "-json")
        self.assertEqual(rc, 0, err)
        doc = json.loads(snap)
        for h in doc["hosts"]:
            self.assertEqual(h["values"].pop("site_tier", None),
                             "gold" if h["name"] == "hostA" else None)
        path = os.path.join(self.c.dir, "snap.json")
        with open(path, "w") as f:
            json.dump(doc, f)
        rc, out, err = self.run_cmd("lspolicy", "-p", "gold", "--from", path)
        self.assertEqual((rc, out), (0, "hostA 2.500000\n"), err)

    def test_lsid_names_the_masters_period(self):
        # No lsf.holidays: prime time around the clock; hostB's lim redirects to the master.
        def period_line(host):
            rc, out, _ = self.run_cmd("lsid", host=host)
            lines = out.splitlines()
            return lines[2:] if rc == 0 else []
        want = ["My cluster name is test", "My master name is hostA",
                "The current period is prime (default policy: gold)"]
        self.c.wait_or_dump(lambda: period_line("hostB") == want, "lsid through hostB")
        self.assertEqual(period_line("hostA"), want)
        rc, out, err = self.run_cmd("lsid", "-json", host="hostB")
        self.assertEqual(rc, 0, err)
        reply = json.loads(out)
        self.assertEqual((reply["period"], reply["default_policy"]), ("prime", "gold"))


if __name__ == "__main__":
    unittest.main()
