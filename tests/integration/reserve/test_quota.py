"""Resource quota sets on reservations, end to end (127.7.80.0/24): with an lsf.quotas that
limits each user to 2 slots, lsreserve succeeds up to 2 and then exits 1 naming the limit;
lsquota shows slots=2/2; --explain shows each host's verdict; lsrelease frees the quota.

Run: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd python3 -m unittest -v test_quota
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_reserve import Base  # noqa: E402

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


if __name__ == "__main__":
    unittest.main()
