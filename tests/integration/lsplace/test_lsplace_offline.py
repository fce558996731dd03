#!/usr/bin/env python3
"""Runs the real `lsplace --from FILE` on the golden snapshots and compares stdout, stderr
and the exit code with tests/golden/lsplace/cases.json. Also checks that a snapshot written
in the documented format round-trips through the binary on a larger generated cluster."""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import unittest

ARGS = None


def run(args, snapshot="cluster.json", from_=True, env_dir=None):
    cmd = [ARGS.lsplace] + (["--from", os.path.join(ARGS.golden, snapshot)] if from_ else [])
    env = dict(os.environ, LSF_ENVDIR=env_dir or os.path.join(ARGS.golden, "conf"))
    env.pop("OPENLIM_HOST", None)
    return subprocess.run(cmd + args, capture_output=True, text=True, env=env, timeout=60)


class Golden(unittest.TestCase):
    def test_cases(self):
        with open(os.path.join(ARGS.golden, "cases.json")) as f:
            cases = json.load(f)["cases"]
        self.assertGreater(len(cases), 20)
        for c in cases:
            with self.subTest(c["name"]):
                p = run(c["args"], c.get("snapshot", "cluster.json"), not c.get("no_from"))
                self.assertEqual(p.returncode, c["exit"], p.stderr)
                if "stdout" in c:
                    self.assertEqual(p.stdout, c["stdout"])
                if "stdout_prefix" in c:
                    self.assertTrue(p.stdout.startswith(c["stdout_prefix"]), p.stdout)
                if "stderr" in c:
                    self.assertEqual(p.stderr, c["stderr"])
                if "stderr_prefix" in c:
                    self.assertTrue(p.stderr.startswith(c["stderr_prefix"]), p.stderr)
                if "stderr_suffix" in c:
                    self.assertTrue(p.stderr.endswith(c["stderr_suffix"]), p.stderr)


class Generated(unittest.TestCase):
    def test_large_snapshot_spreads_slots_by_load(self):
        # 300 hosts with 1 CPU each; r15s grows with the host number, so the first 5 hosts
        # in numeric order are the best and are each used once.
        hosts = [{"name": "h%03d" % i, "status": "ok" if i % 7 else "busy",
                  "values": {"r15s": i / 100.0, "pg": 0, "ncpus": 1, "mem": 1000 + i}}
                 for i in range(1, 301)]
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "big.json")
            with open(path, "w") as f:
                json.dump({"hosts": hosts}, f)
            p = run(["-n", "5", "--from", path], from_=False)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(p.stdout.split(), ["h001", "h002", "h003", "h004", "h005"])
            p = run(["-n", "0", "-R", "select[mem>1290]", "--from", path], from_=False)
            self.assertEqual(p.stdout.split(), ["h291", "h292", "h293", "h295", "h296",
                                                "h297", "h298", "h299", "h300"])

    def test_unknown_policy_is_not_found_exit_1_as_lsreserve(self):
        # lsplace(1) and lsreserve(1): an unknown policy exits 1 (not found), online or not.
        conf = os.path.join(ARGS.golden, "..", "lspolicy", "conf")
        snap = os.path.join(ARGS.golden, "..", "lspolicy", "cluster.json")
        p = run(["-p", "nosuch", "--from", snap], from_=False, env_dir=conf)
        self.assertEqual(p.stderr, "lsplace: unknown policy <nosuch>\n")
        self.assertEqual(p.returncode, 1)

    def test_without_config_it_says_so(self):
        with tempfile.TemporaryDirectory() as d:
            p = run([], env_dir=d)
            self.assertEqual(p.returncode, 2)
            self.assertIn("cannot read the configuration", p.stderr)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--lsplace", required=True)
    parser.add_argument("--golden", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest)
