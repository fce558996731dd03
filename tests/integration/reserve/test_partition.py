"""Reservations across a network split (docs/reservations.md "Partitions:
RESERVATION_CONSISTENCY"): three master candidates on loopback, hostA | hostB hostC cut
apart by nftables rules (partition.py), one 127.7.9N.0/24 block per mode.

- quorum (127.7.90): hostA, alone, refuses reservations with exit 4 naming the quorum;
  hostB and hostC elect hostB, which admits up to the quota; load queries work on both
  sides; after the heal one master, and no host's slots nor any quota over-committed.
- available (127.7.91): both sides admit up to the quota; after the heal the merged ledger
  keeps every reservation, lsquota shows the usage over the limit, `lsreserve -l -json`
  marks the over-committed ones, and no new reservation is admitted against the rule until
  its usage falls back under the limit.

Needs root, nft (Debian's nftables) and a cgroup v2 hierarchy; skipped without them.
Run: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd python3 -m unittest -v test_partition
"""

import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from partition import Partition, why_not_available  # noqa: E402
from test_reserve import CMD_DIR, LIM, Base, Cluster  # noqa: E402
from cluster import join_cgroup  # noqa: E402  (test_reserve put the harness on the path)

LIMIT = 3  # slots per user: under the 6 slots of 3 hosts, so that a double admission shows
QUOTAS = """{
   name         max_slots_per_user
   limit        users {*} to slots=%d
}
""" % LIMIT
RULE = "max_slots_per_user/1"
SIDE_A, SIDE_BC = ["hostA"], ["hostB", "hostC"]


class SplitBase(Base):
    hosts = ["hostA", "hostB", "hostC"]
    mode = None

    def setUp(self):
        if not LIM or not os.access(LIM, os.X_OK) or not CMD_DIR:
            raise unittest.SkipTest("LIM_BIN and CMD_DIR not set")
        why = why_not_available()
        if why:
            raise unittest.SkipTest(why)
        self.c = Cluster(block=self.block, hosts=self.hosts, lim=LIM,
                         params={"RESERVATION_CONSISTENCY": self.mode})
        self.state = self.c.statedir
        with open(os.path.join(self.c.dir, "lsf.quotas"), "w") as f:
            f.write(QUOTAS)
        self.split = Partition(self.c, "openlim_split_" + self.block.replace(".", "_"))
        # Cleanups run last first: the lims go, then the rules and the cgroups, always.
        self.addCleanup(self.split.close)
        self.addCleanup(self.c.close)

    def run_cmd(self, *argv, host="hostA", user=None):
        """The command as run on `host`: in its cgroup, so it is on that host's side."""
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST=host)
        cmd = [os.path.join(CMD_DIR, argv[0])] + list(argv[1:])
        cgroup = self.c.cgroups[host]
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60,
                           preexec_fn=lambda: join_cgroup(cgroup))
        return p.returncode, p.stdout, p.stderr

    def start(self):
        """A cluster with hostA master and every host's ncpus known."""
        self.start_and_wait_master("hostA")
        self.c.wait_or_dump(self.cpus_known, "every host's ncpus")
        rc, out, err = self.run_cmd("lshosts", "-json")
        self.ncpus = {h["name"]: int(h["ncpus"]) for h in json.loads(out)["hosts"]}
        if min(self.ncpus.values()) < 2:
            self.skipTest("needs 2 CPUs per host (two 1-slot reservations on one)")

    def cut_apart(self):
        """hostA | hostB hostC; hostB elected on its side."""
        self.split.split(SIDE_A, SIDE_BC)
        self.assertTrue(self.split.cut("hostA", "hostB") and self.split.cut("hostC", "hostA"),
                        "the nftables rules do not cut TCP between the sides")
        self.c.wait_or_dump(lambda: self.c.master_of("hostB") == "hostB"
                            and self.c.master_of("hostC") == "hostB", "hostB master of its side")

    def heal(self):
        self.split.heal()

        def one_master():
            masters = {self.c.master_of(h) for h in self.hosts}
            return len(masters) == 1 and None not in masters and "" not in masters
        self.c.wait_or_dump(one_master, "one master after the heal")

    def assert_load_answered(self, host, side):
        rc, out, err = self.run_cmd("lsload", host=host)
        self.assertEqual(rc, 0, err)
        for h in side:
            self.assertIn(h, out)

    def reservations(self, host="hostA"):
        """Every reservation the master lists, or None while it cannot (rebuilding)."""
        rc, out, err = self.run_cmd("lsreserve", "-l", "-u", "all", "-json", host=host)
        return json.loads(out)["reservations"] if rc == 0 else None

    def ids(self, host="hostA"):
        listed = self.reservations(host)
        return None if listed is None else sorted(r["id"] for r in listed)

    def marked(self):
        """The ids of the reservations listed as over-committed."""
        return [r["id"] for r in self.reservations() or [] if r.get("overcommitted") is True]

    def quota_used(self, host="hostA"):
        """(slots used, {limits}) of RULE over every user; None while lsquota fails."""
        rc, out, err = self.run_cmd("lsquota", "-u", "all", "-json", host=host)
        if rc != 0:
            return None
        rows = [q for q in json.loads(out)["quotas"] if q["set"] + "/" + q["rule"] == RULE]
        return sum(q["used"] for q in rows), {q["limit"] for q in rows}

    def reserve_on(self, via, *target, expect=0):
        """One slot (on `target` when given) asked on host `via`; its id when admitted."""
        rc, out, err = self.reserve("-n", "1", *target, host=via)
        self.assertEqual(rc, expect, "lsreserve via %s on %s: %s%s" % (via, target, out, err))
        return self.id_of(out) if rc == 0 else err

    def assert_quota_refuses(self, via, *target):
        self.assertIn(RULE, self.reserve_on(via, *target, expect=1))

    def assert_no_host_over(self):
        listed = self.reservations()
        self.assertIsNotNone(listed)
        booked = {}
        for r in listed:
            for h in r["holds"]:
                booked[h["host"]] = booked.get(h["host"], 0) + h["slots"]
        for host, slots in booked.items():
            self.assertLessEqual(slots, self.ncpus[host], "%s over-committed" % host)


class TestPartitionQuorum(SplitBase):
    block = "127.7.90"
    mode = "quorum"

    def test_minority_refuses_majority_admits_nothing_over_committed(self):
        self.start()
        before = self.reserve_on("hostA", "hostA")  # acknowledged by a majority
        self.cut_apart()
        # Once hostA marks the others unavailable it hears 1 of 3: every try from then on is
        # "try again" (never admitted), naming the quorum.
        self.c.wait_or_dump(lambda: all(self.c.host_status("hostA", h).get("status") ==
                                        "unavail" for h in SIDE_BC), "hostA alone")
        def refused_for_quorum():
            rc, out, err = self.run_cmd("lsreserve", "-n", "1", "hostA", host="hostA")
            self.assertEqual(rc, 4, "the minority side admitted: %s%s" % (out, err))
            return "quorum" in err
        self.c.wait_or_dump(refused_for_quorum, "hostA refusing for want of a quorum")
        rc, out, err = self.run_cmd("lsreserve", "-n", "1", "-json", "hostA", host="hostA")
        self.assertEqual((rc, json.loads(out).get("code")), (4, "noquorum"), out + err)
        # Queries still work on both sides.
        self.assert_load_answered("hostA", SIDE_A)
        self.assert_load_answered("hostC", SIDE_BC)
        self.assertEqual(self.run_cmd("lsquota", host="hostA")[0], 0)
        # hostB (with hostC: 2 of 3) admits once it has a majority's holds, up to the quota:
        # it knows the reservation made before the split.
        admitted = sorted([before] + [self.reserve_on("hostC", t) for t in ("hostB", "hostC")])
        self.assert_quota_refuses("hostC", "hostB")
        self.assertEqual(self.quota_used("hostC"), (LIMIT, {LIMIT}))
        self.heal()
        # One ledger: what the majority acknowledged, none of the minority's tries.
        self.c.wait_or_dump(lambda: self.ids() == admitted,
                            "the acknowledged reservations after the heal")
        self.assert_no_host_over()
        self.assertEqual(self.quota_used(), (LIMIT, {LIMIT}))
        self.assertEqual(self.marked(), [])
        self.assert_quota_refuses("hostA")


class TestPartitionQuorumWindow(SplitBase):
    """The old master asked right after the cut, before it notices it hears a minority: the
    change it admits waits for journals that cannot come and is answered "try again", but
    stays admitted on its side, where the new master cannot know it. The quorum promise
    (no quota over-committed under any partition and heal) must hold all the same."""
    block = "127.7.92"
    mode = "quorum"

    def test_a_change_unanswered_at_the_cut_over_commits_nothing(self):
        self.start()
        self.reserve_on("hostA", "hostA")
        self.split.split(SIDE_A, SIDE_BC)
        rc, out, err = self.run_cmd("lsreserve", "-n", "1", "hostA", host="hostA")
        self.assertEqual(rc, 4, out + err)  # never acknowledged without a majority
        self.c.wait_or_dump(lambda: self.c.master_of("hostC") == "hostB", "hostB master")
        for _ in range(LIMIT):  # up to the quota, as hostB's side knows it
            if self.reserve("-n", "1", "hostB", host="hostC")[0] != 0:
                break
        self.heal()
        self.c.wait_or_dump(lambda: self.quota_used() is not None, "lsquota after the heal")
        self.c.wait_or_dump(lambda: self.ids() is not None, "the listing after the heal")
        self.assertLessEqual(self.quota_used()[0], LIMIT)
        self.assertEqual(self.marked(), [])
        self.assert_no_host_over()


class TestPartitionAvailable(SplitBase):
    block = "127.7.91"
    mode = "available"

    def test_both_sides_admit_and_the_over_commit_is_shown(self):
        self.start()
        self.cut_apart()
        self.assertEqual(self.c.master_of("hostA"), "hostA")  # its own side's master still
        side_a = [self.reserve_on("hostA", "hostA") for _ in range(2)]
        side_bc = [self.reserve_on("hostC", t) for t in ("hostB", "hostC", "hostB")]
        self.assert_quota_refuses("hostB", "hostC")  # each side alone keeps the quota
        self.assertEqual(self.quota_used("hostA"), (2, {LIMIT}))
        self.assertEqual(self.quota_used("hostC"), (LIMIT, {LIMIT}))
        self.assert_load_answered("hostA", SIDE_A)
        self.assert_load_answered("hostC", SIDE_BC)
        self.heal()
        every = sorted(side_a + side_bc)
        self.c.wait_or_dump(lambda: self.ids() == every,
                            "every reservation of both sides after the heal")
        self.assert_no_host_over()  # each side booked only its own hosts
        self.c.wait_or_dump(lambda: self.quota_used() == (len(every), {LIMIT}),
                            "lsquota showing the usage over the limit")
        marked = self.c.wait_or_dump(self.marked, "the over-committed reservations marked")
        self.assertEqual(len(marked), len(every) - LIMIT, marked)
        # Nothing more against the rule (free slots there are) until its usage is back
        # under the limit: releasing the marked ones brings it to the limit, one more under.
        self.assert_quota_refuses("hostB")
        for rid in marked:
            rc, out, err = self.run_cmd("lsrelease", rid, host="hostB")
            self.assertEqual(rc, 0, err)
        self.assertEqual(self.marked(), [])
        self.assertEqual(self.quota_used(), (LIMIT, {LIMIT}))
        self.assert_quota_refuses("hostB")
        rest = [r for r in every if r not in marked]
        rc, out, err = self.run_cmd("lsrelease", rest[0], host="hostB")
        self.assertEqual(rc, 0, err)
        self.reserve_on("hostB")


if __name__ == "__main__":
    unittest.main()
