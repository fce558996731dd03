"""Resource quota sets on reservations, end to end (127.7.80.0/24): with an lsf.quotas that
limits each user to 2 slots, lsreserve succeeds up to 2 and then exits 1 naming the limit;
lsquota shows slots=2/2; --explain shows each host's verdict; lsrelease frees the quota.
TestQuotaReport (127.7.81.0/24): lsquota as qquota (lists, wildcards, -help, long names, XML
valid against docs/qquota.xsd) and lsadmin reconfig with a refused lsf.quotas.

Run: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd python3 -m unittest -v test_quota
"""

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_reserve import Base  # noqa: E402
from qquota_xsd import Schema  # noqa: E402

XSD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "docs",
                   "qquota.xsd")

QUOTAS = """{
   name         max_slots_per_user
   limit        users {*} to slots=2
}
"""


class TestQuota(Base):
    block = "127.7.80"

    def test_reserve_up_to_the_limit_then_named(self):
        with open(os.path.join(self.c.dir, "lsf.quotas"), "w") as f:
            f.write(QUOTAS)
        self.start_and_wait_master()
        rc, out, err = self.reserve("-n", "1")
        self.assertEqual(rc, 0, err)
        first = self.id_of(out)
        rc, out, err = self.reserve("-n", "1", host="hostB")
        self.assertEqual(rc, 0, err)
        rc, out, err = self.reserve("-n", "1", "--explain")
        self.assertEqual(rc, 1, out + err)
        self.assertIn('because it exceeds limit "max_slots_per_user/1" (slots 2/2 for user', err)
        # --explain: every host's quota verdict, with the rule and its usage.
        self.assertRegex(out, r"hostA: quota blocks 1 slot\(s\): max_slots_per_user/1 slots "
                              r"2\+1/2 for user ")
        rc, out, err = self.run_cmd("lsquota")
        self.assertEqual(rc, 0, err)
        self.assertRegex(out, r"max_slots_per_user/1\s+slots=2/2\s+users ")
        rc, out, err = self.run_cmd("lsrelease", first)
        self.assertEqual(rc, 0, err)
        rc, out, err = self.run_cmd("lsquota", "-u", "all", "-json")
        self.assertEqual(rc, 0, err)
        self.assertIn('"used":1', out)
        rc, out, err = self.reserve("-n", "1")
        self.assertEqual(rc, 0, err)


class TestQuotaReport(Base):
    block = "127.7.81"

    def xml_problems(self, text):
        problems = Schema(XSD).validate(text)
        if shutil.which("xmllint"):  # the full schema check too, where the tool is installed
            with tempfile.NamedTemporaryFile("w", suffix=".xml") as f:
                f.write(text)
                f.flush()
                p = subprocess.run(["xmllint", "--noout", "--schema", XSD, f.name],
                                   capture_output=True, text=True)
                if p.returncode != 0:
                    problems.append(p.stderr)
        return problems

    def test_lsquota_is_qquota(self):
        with open(os.path.join(self.c.dir, "lsf.quotas"), "w") as f:
            f.write(QUOTAS + "{\n name staff\n limit users {*} queues !night.q to slots=9\n}\n")
        self.start_and_wait_master()
        me = pwd.getpwuid(os.getuid()).pw_name
        rc, out, err = self.reserve("-n", "1", "-q", "day")
        self.assertEqual(rc, 0, err)
        # A name far beyond a short-string buffer, held by no one: listed by the name given,
        # whole, in every layout (the rows once viewed a query freed before formatting).
        long_name = "u" + "x" * 199
        rc, out, err = self.run_cmd("lsquota", "-u", long_name)
        self.assertEqual(rc, 0, err)
        self.assertRegex(out, r"max_slots_per_user/1\s+slots=0/2\s+users %s\n" % long_name)
        rc, out, err = self.run_cmd("lsquota", "-u", long_name, "-json")
        self.assertEqual(rc, 0, err)
        users = {tuple(q["filter"]["users"]) for q in json.loads(out)["quotas"]}
        self.assertEqual(users, {(long_name,)})
        rc, out, err = self.run_cmd("lsquota", "-u", long_name, "-xml")
        self.assertEqual(rc, 0, err)
        self.assertIn("<user>%s</user>" % long_name, out)
        self.assertEqual(self.xml_problems(out), [])
        # Lists and wildcards: my usage through a pattern, a second user by name.
        rc, out, err = self.run_cmd("lsquota", "-u", me[0] + "*,nobody2", "-q", "d?y,other")
        self.assertEqual(rc, 0, err)
        self.assertRegex(out, r"max_slots_per_user/1\s+slots=1/2\s+users %s\n" % me)
        self.assertRegex(out, r"max_slots_per_user/1\s+slots=0/2\s+users nobody2\n")
        self.assertRegex(out, r"staff/1\s+slots=1/9\s+users %s queues !night.q\n" % me)
        rc, out, err = self.run_cmd("lsquota", "-u", "all", "-q", "night.q")
        self.assertEqual(rc, 0, err)
        self.assertIn("max_slots_per_user/1", out)
        self.assertNotIn("staff/", out)  # the staff rule excludes night.q
        # -help is the usage, not `-h elp`.
        rc, out, err = self.run_cmd("lsquota", "-help")
        self.assertEqual(rc, 0, err)
        self.assertTrue(out.startswith("Usage: lsquota"), out)
        # The XML of everyone's usage, exclusions included, follows qquota's schema.
        rc, out, err = self.run_cmd("lsquota", "-u", "all", "-xml")
        self.assertEqual(rc, 0, err)
        self.assertIn("<xqueue>night.q</xqueue>", out)
        self.assertEqual(self.xml_problems(out), [])
        self.assertNotEqual(self.xml_problems(out.replace("user>", "users>")), [])

    def test_reconfig_reports_a_refused_quota_file(self):
        path = os.path.join(self.c.dir, "lsf.quotas")
        with open(path, "w") as f:
            f.write(QUOTAS)
        self.start_and_wait_master()
        # Errors: ckconfig says 2; reconfig adopts the rest, keeps the quotas in force and
        # says so, exit 1.
        with open(path, "w") as f:
            f.write("{\n name broken\n limit users {*} to slots=-3\n}\n")
        rc, out, _ = self.run_cmd("lsadmin", "ckconfig")
        self.assertEqual(rc, 2, out)
        self.assertIn("%s:3: error: negative limit <-3> for <slots>" % path, out)
        rc, out, err = self.run_cmd("lsadmin", "reconfig", "-f")
        self.assertEqual(rc, 1, out + err)
        self.assertIn("%s:3: error: negative limit <-3> for <slots>" % path, out)
        self.assertIn("lsadmin: %s: 1 error(s); not adopted, the quotas in force stay" % path,
                      err)
        r = self.c.admin("hostA", {"op": "reconfig"})
        self.assertTrue(r["ok"], r)
        self.assertEqual((r["quotas"]["code"], r["quotas"]["errors"]), ("refused", 1))
        rc, out, err = self.run_cmd("lsquota", "-u", "all", "-l", "slots")
        self.assertEqual(rc, 0, err)
        self.assertNotIn("broken/", out)
        rc, out, err = self.run_cmd("lsquota", "-u", "someone")
        self.assertIn("max_slots_per_user/1", out)  # the quotas in force stayed
        # Fixed: adopted, exit 0.
        with open(path, "w") as f:
            f.write("{\n name fixed\n limit users {*} to slots=3\n}\n")
        rc, out, err = self.run_cmd("lsadmin", "reconfig", "-f")
        self.assertEqual(rc, 0, out + err)
        self.assertEqual(self.c.admin("hostA", {"op": "reconfig"})["quotas"]["code"], "adopted")
        rc, out, err = self.run_cmd("lsquota", "-u", "someone")
        self.assertIn("fixed/1", out)


if __name__ == "__main__":
    unittest.main()
