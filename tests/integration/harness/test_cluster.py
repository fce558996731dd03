"""The harness itself: the addresses it gives extra hosts and how it reads replies.

Run: python3 -m unittest -v test_cluster
"""

import ipaddress
import os
import re
import socket
import threading
import unittest

from cluster import Cluster, extra_address, read_to_end

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(os.path.dirname(HERE))


def blocks_used_by_tests():
    """Every 127.x.y block a test or benchmark names (block="..." or block = "...")."""
    found = set()
    for root, _, files in os.walk(TESTS):
        for name in files:
            if name.endswith(".py"):
                with open(os.path.join(root, name)) as f:
                    found |= set(re.findall(r'block\s*=\s*"(127\.\d+\.\d+)"', f.read()))
    return found


class TestExtraAddresses(unittest.TestCase):
    def test_100k_extra_hosts_get_distinct_valid_loopback_addresses(self):
        seen = set()
        for i in range(100000):
            a = ipaddress.IPv4Address(extra_address(i))  # raises on 127.6.256.1 and the like
            self.assertTrue(a.is_loopback, str(a))
            self.assertNotIn(int(a) & 0xFF, (0, 255), str(a))
            seen.add(a)
        self.assertEqual(len(seen), 100000)

    def test_extra_hosts_stay_out_of_every_test_block(self):
        blocks = blocks_used_by_tests()
        self.assertIn("127.5.1", blocks)  # the scan finds the tests' blocks
        for i in range(0, 200000, 7):
            self.assertNotIn(extra_address(i).rsplit(".", 1)[0], blocks)

    def test_index_past_the_address_space_is_refused(self):
        with self.assertRaises(ValueError):
            extra_address(10 ** 9)


def read_conf(path):
    """lsf.conf as a dict (KEY=VALUE lines)."""
    out = {}
    with open(path) as f:
        for line in f:
            if "=" in line and not line.lstrip().startswith("#"):
                k, v = line.rstrip("\n").split("=", 1)
                out[k] = v
    return out


class TestEverythingInsideTheTempDir(unittest.TestCase):
    """A test cluster's lims write only inside its temp dir: logs, the elims' folder, the
    key and the reservation state dir (which defaults to a machine-wide folder)."""

    WRITTEN = ("LSF_LOGDIR", "LSF_SERVERDIR", "LSF_AUTH_KEYFILE", "LSF_STATEDIR")

    def check(self, c):
        conf = read_conf(os.path.join(c.dir, "lsf.conf"))
        root = os.path.realpath(c.dir)
        for key in self.WRITTEN:
            self.assertIn(key, conf)
            path = os.path.realpath(conf[key])
            self.assertEqual(os.path.commonpath([root, path]), root, "%s=%s" % (key, path))
        self.assertTrue(os.path.isdir(conf["LSF_STATEDIR"]))

    def test_every_written_path_is_in_the_temp_dir(self):
        with Cluster(block="127.9.250", hosts=["hostA", "hostB"], lim="/nonexistent") as c:
            self.check(c)
            # A rewritten config (reconfig tests) keeps them there.
            c.write_config(params={"EXINTERVAL": 2})
            self.check(c)

    def test_two_clusters_never_share_a_state_dir(self):
        with Cluster(block="127.9.250", hosts=["hostB"], lim="/nonexistent") as a, \
                Cluster(block="127.9.251", hosts=["hostB"], lim="/nonexistent") as b:
            sa = read_conf(os.path.join(a.dir, "lsf.conf"))["LSF_STATEDIR"]
            sb = read_conf(os.path.join(b.dir, "lsf.conf"))["LSF_STATEDIR"]
            self.assertNotEqual(os.path.realpath(sa), os.path.realpath(sb))


class TestReadToEnd(unittest.TestCase):
    def test_reads_a_large_reply_whole(self):
        a, b = socket.socketpair()
        payload = bytes(range(256)) * (8 << 12)  # 8 MiB

        def send():
            b.sendall(payload)
            b.close()
        t = threading.Thread(target=send)
        t.start()
        got = read_to_end(a)
        t.join()
        a.close()
        self.assertEqual(got, payload)


if __name__ == "__main__":
    unittest.main()
