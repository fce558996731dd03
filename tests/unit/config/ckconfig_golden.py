#!/usr/bin/env python3
"""Runs the real `lsadmin ckconfig` on each broken sample under tests/golden/ckconfig/<case>/
and on the sample cluster conf/, comparing stdout and the exit code with the expected ones.

Usage: ckconfig_golden.py LSADMIN GOLDEN_DIR CONF_DIR [--update]
Each case directory is LSF_ENVDIR (the run's working directory, so paths print relative) and
holds expected.out and expected.rc.
"""
import json
import os
import subprocess
import sys
import unittest

LSADMIN, GOLDEN, CONF = sys.argv[1:4]
UPDATE = "--update" in sys.argv


def read(path):
    with open(path) as f:
        return f.read()


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def run(args, envdir, cwd):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENLIM_", "LSF_"))}
    env["LSF_ENVDIR"] = envdir
    p = subprocess.run([LSADMIN] + args, cwd=cwd, env=env, capture_output=True, text=True,
                       timeout=60)
    return p.returncode, p.stdout, p.stderr


class CkconfigGolden(unittest.TestCase):
    def test_broken_samples(self):
        cases = sorted(d for d in os.listdir(GOLDEN) if os.path.isdir(os.path.join(GOLDEN, d)))
        self.assertGreaterEqual(len(cases), 5)
        for case in cases:
            with self.subTest(case=case):
                d = os.path.join(GOLDEN, case)
                rc, out, _ = run(["ckconfig"], ".", d)
                if UPDATE:
                    write(os.path.join(d, "expected.out"), out)
                    write(os.path.join(d, "expected.rc"), f"{rc}\n")
                want_out = read(os.path.join(d, "expected.out"))
                want_rc = int(read(os.path.join(d, "expected.rc")))
                self.assertEqual(out, want_out)
                self.assertEqual(rc, want_rc)
                self.assertNotEqual(rc, 0, "a broken sample must not pass")
                self.assertRegex(out.splitlines()[0], r"^[\w.]+(:\d+)?: (error|warning): ")

    def test_json_carries_the_same_diagnostics_as_data(self):
        """ckconfig -json: every diagnostic of the text output as {file, line, severity,
        message}, the same counts and exit code, and valid UTF-8 whatever the files held."""
        cases = sorted(d for d in os.listdir(GOLDEN) if os.path.isdir(os.path.join(GOLDEN, d)))
        for case in cases:
            with self.subTest(case=case):
                d = os.path.join(GOLDEN, case)
                rc, out, _ = run(["ckconfig"], ".", d)
                jrc, jout, _ = run(["ckconfig", "-json"], ".", d)
                self.assertEqual(jrc, rc)
                doc = json.loads(jout)
                lines = out.splitlines()[:-1]  # less the "N error(s), M warning(s)" line
                self.assertEqual(len(doc["diagnostics"]), len(lines))
                self.assertEqual(doc["errors"], sum(x["severity"] == "error"
                                                    for x in doc["diagnostics"]))
                self.assertEqual(out.splitlines()[-1],
                                 f"{doc['errors']} error(s), {doc['warnings']} warning(s)")
                self.assertIn("lsf.conf", " ".join(doc["files"]))
                for text, x in zip(lines, doc["diagnostics"]):
                    where = x["file"] + (f":{x['line']}" if x["line"] is not None else "")
                    self.assertTrue(text.startswith(f"{where}: {x['severity']}: "), text)
                    if x["message"].isascii() and x["message"].isprintable():
                        self.assertEqual(text, f"{where}: {x['severity']}: {x['message']}")

    def test_bytes_from_files_are_escaped_on_the_terminal_and_replaced_in_json(self):
        d = os.path.join(GOLDEN, "invalid_bytes")
        _, out, _ = run(["ckconfig"], ".", d)
        self.assertIn("<Fa\\xff\\xfe\\xc3cy>", out)
        _, jout, _ = run(["ckconfig", "-json"], ".", d)
        self.assertIn("<Fa\ufffd\ufffd\ufffdcy>", json.loads(jout)["diagnostics"][0]["message"])

    def test_sample_cluster_is_clean(self):
        rc, out, err = run(["ckconfig"], os.path.abspath(CONF), "/")
        self.assertEqual(out, "No errors found.\n", err)
        self.assertEqual(rc, 0)

    def test_verbose_says_what_was_read(self):
        rc, out, _ = run(["ckconfig", "-v"], os.path.abspath(CONF), "/")
        self.assertEqual(rc, 0)
        self.assertIn("Cluster: demo", out)
        self.assertIn("Hosts: 3 (3 server)", out)
        self.assertIn("lsf.cluster.demo", out)
        self.assertTrue(out.endswith("No errors found.\n"))

    def test_usage(self):
        rc, out, err = run(["ckconfig", "-x"], ".", "/")
        self.assertEqual(rc, 2)
        self.assertIn("Usage", err)
        self.assertIn("unknown argument -x", err)
        rc, out, err = run(["ckconfig", "-" + "x" * 5000], ".", "/")
        self.assertLess(len(out) + len(err), 400)  # the echo is cut
        rc, out, _ = run(["ckconfig", "-h"], ".", "/")
        self.assertEqual(rc, 0)
        self.assertIn("Usage", out)
        rc, out, _ = run(["-V"], ".", "/")
        self.assertEqual(rc, 0)
        self.assertIn("openlim", out)
        rc, _, err = run([], ".", "/")
        self.assertEqual(rc, 2)

    def test_missing_envdir_is_an_error(self):
        rc, out, _ = run(["ckconfig"], "/nonexistent/openlim", "/")
        self.assertEqual(rc, 2)
        self.assertIn("/nonexistent/openlim/lsf.conf: error: cannot read", out)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]], verbosity=2)
