#!/usr/bin/env python3
"""Runs the real `lspolicy --from SNAPSHOT` (and its nlbpolicy name) on the golden snapshot
and compares stdout, stderr and the exit code with tests/golden/lspolicy/cases.json.
Every case runs at --at "2026-11-25 12:00" (a Wednesday, prime time) in UTC unless it says
otherwise. `--update` rewrites the expected outputs."""
import argparse
import json
import os
import subprocess
import sys
import unittest

ARGS = None
AT = ["--at", "2026-11-25 12:00"]


def run(args, name="lspolicy", from_=True):
    exe = os.path.join(os.path.dirname(ARGS.lspolicy), name)
    cmd = [exe] + (["--from", os.path.join(ARGS.golden, "cluster.json")] if from_ else [])
    env = dict(os.environ, LSF_ENVDIR=os.path.join(ARGS.golden, "conf"), TZ="UTC")
    env.pop("OPENLIM_HOST", None)
    return subprocess.run(cmd + args, capture_output=True, text=True, env=env, timeout=30)


class Golden(unittest.TestCase):
    def test_cases(self):
        path = os.path.join(ARGS.golden, "cases.json")
        with open(path) as f:
            doc = json.load(f)
        cases = doc["cases"]
        self.assertGreater(len(cases), 15)
        for c in cases:
            with self.subTest(c["name"]):
                args = c["args"] + ([] if c.get("no_at") else AT)
                p = run(args, c.get("command", "lspolicy"), not c.get("no_from"))
                if ARGS.update:
                    c["exit"], c["stdout"], c["stderr"] = p.returncode, p.stdout, p.stderr
                    continue
                self.assertEqual(p.returncode, c["exit"], p.stderr)
                self.assertEqual(p.stdout, c["stdout"])
                self.assertEqual(p.stderr, c["stderr"])
        if ARGS.update:
            with open(path, "w") as f:
                json.dump(doc, f, indent=1)
                f.write("\n")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--lspolicy", required=True)
    parser.add_argument("--golden", required=True)
    parser.add_argument("--update", action="store_true")
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0]] + rest)
