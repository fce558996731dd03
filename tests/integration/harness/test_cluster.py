"""The harness itself: the addresses it gives extra hosts and how it reads replies.

Run: python3 -m unittest -v test_cluster
"""

import ipaddress
import os
import re
import socket
import threading
import unittest

from cluster import extra_address, read_to_end

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
