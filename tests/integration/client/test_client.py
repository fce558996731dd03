"""The client library and LSF's C API against a real three-host cluster (127.7.40.0/24).

- client_threads: one openlim::Client used by 8 threads at once.
- lsf_example.c, compiled with `cc` against the INSTALLED lsf/lsf.h and liblsf (cmake
  --install of the `dev` component into a temporary DESTDIR, flags from pkg-config), gives the answers lsid,
  lshosts, lsload and lsplace give on the same cluster.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "harness"))
from cluster import Cluster  # noqa: E402

LIM = os.environ.get("LIM_BIN", "")
CMD_DIR = os.environ.get("CMD_DIR", "")
THREADS = os.environ.get("THREADS_BIN", "")
BUILD = os.environ.get("BUILD_DIR", "")
HERE = os.path.dirname(os.path.abspath(__file__))
MELIM = os.environ.get("MELIM_BIN", "")
HOSTS = ["hostA", "hostB", "hostC"]
NIO_ELIM = """#!/bin/sh
while echo "1 nio 344"; do sleep 0.3; done
"""
RESREQ = "select[fast] order[r1m]"


class TestClient(unittest.TestCase):
    def setUp(self):
        if not LIM or not CMD_DIR or not THREADS or not BUILD:
            raise unittest.SkipTest("LIM_BIN, CMD_DIR, THREADS_BIN and BUILD_DIR needed")
        self.c = Cluster(block="127.7.40", hosts=HOSTS, lim=LIM,
                         resources=["fast Boolean () () () (Fast host)",
                                    "nio Numeric 2 Y N (I/O)"],
                         resource_map=["nio [default]"],
                         host_columns=("model type server RESOURCES",
                                       {"hostA": "Generic LINUX86 1 ()",
                                        "hostB": "Generic LINUX86 1 (fast)",
                                        "hostC": "Generic LINUX86 1 ()"}))
        self.addCleanup(self.c.close)
        if MELIM:  # an external index for ls_load (lsload -I nio shows the same)
            self.c.install_elim(MELIM, "elim.nio", NIO_ELIM)
        self.env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST="hostA")
        self.c.start_all()
        self.c.wait_or_dump(lambda: "master name is hostA" in self.cmd("lsid")[1], "master")
        self.c.wait_or_dump(lambda: all(self.status_of(h) == "ok" for h in HOSTS), "reports")
        if MELIM:
            self.c.wait_or_dump(lambda: all(self.nio_of(h) == "344.0" for h in HOSTS), "nio")

    def nio_of(self, host):
        lines = self.cmd("lsload", "-I", "nio", host)[1].splitlines()
        return lines[1].split()[2] if len(lines) > 1 and len(lines[1].split()) > 2 else None

    def cmd(self, *argv):
        p = subprocess.run([os.path.join(CMD_DIR, argv[0])] + list(argv[1:]), env=self.env,
                           capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout, p.stderr

    def status_of(self, host):
        for line in self.cmd("lsload")[1].splitlines():
            if line.split() and line.split()[0] == host:
                return line.split()[1]
        return None

    def test_eight_threads_share_one_client(self):
        p = subprocess.run([THREADS, "50", RESREQ], env=self.env, capture_output=True,
                           text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), "ok 400")

    def test_cpp_program_builds_against_installed_client_library(self):
        dest, flags = self.install("openlim")
        libdir = [f[2:] for f in flags if f.startswith("-L")][0]
        exe = os.path.join(dest, "client_threads")
        subprocess.run(["c++", os.path.join(HERE, "client_threads.cc"), "-o", exe, "-pthread"]
                       + flags + ["-Wl,-rpath," + libdir], check=True)
        p = subprocess.run([exe, "5", RESREQ], env=self.env, capture_output=True, text=True,
                           timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), "ok 40")

    def install(self, package="lsf"):
        dest = tempfile.mkdtemp(prefix="openlim-install-")
        self.addCleanup(shutil.rmtree, dest, True)
        subprocess.run(["cmake", "--install", BUILD, "--prefix", "/usr", "--component", "dev"],
                       check=True,
                       env=dict(os.environ, DESTDIR=dest), capture_output=True)
        pc = [os.path.join(dest, d) for d in ("usr/lib/pkgconfig", "usr/share/pkgconfig")]
        pc += [os.path.join(root) for root, _, files in os.walk(dest) if "lsf.pc" in files]
        env = dict(os.environ, PKG_CONFIG_PATH=":".join(pc))
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", package], env=env,
                               check=True,
                               capture_output=True, text=True).stdout.split()
        return dest, flags

    def test_c_program_against_installed_library_agrees_with_commands(self):
        dest, flags = self.install()
        libdir = [f[2:] for f in flags if f.startswith("-L")][0]
        self.assertTrue(libdir.startswith(dest), libdir)  # the installed copy, not the build's
        exe = os.path.join(dest, "lsf_example")
        subprocess.run(["cc", "-Wall", "-Werror", os.path.join(HERE, "lsf_example.c"), "-o", exe]
                       + flags + ["-Wl,-rpath," + libdir], check=True)
        # What the commands say first (lsplace adds load to the host it picks, as the
        # library's placement does; select[fast] leaves one host, so both must name it).
        _, lsid, _ = self.cmd("lsid")
        rc, place, err = self.cmd("lsplace", "-R", RESREQ)
        self.assertEqual(rc, 0, err)
        _, lshosts, _ = self.cmd("lshosts")
        p = subprocess.run([exe, RESREQ], env=self.env, capture_output=True, text=True,
                           timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        out = p.stdout.splitlines()
        self.assertIn("cluster test", out)
        self.assertIn("My cluster name is test", lsid)
        self.assertIn("master hostA", out)
        self.assertIn("My master name is hostA", lsid)
        _, lsload, _ = self.cmd("lsload")
        rows = {line.split()[0]: line.split() for line in lsload.splitlines()[1:] if line}
        loads = [line.split() for line in out if line.startswith("load ")]
        self.assertEqual(sorted(r[1] for r in loads), sorted(rows))  # every host, once
        for r in loads:
            self.assertEqual(r[2], rows[r[1]][1])  # status as lsload shows it
        types = {line.split()[0]: line.split()[1:3] for line in lshosts.splitlines()[1:] if line}
        for line in out:
            if line.startswith("host "):
                _, name, t, m, _ = line.split()
                self.assertEqual([t[5:], m[6:]], types[name])
        # ls_load's external indices follow the built-ins, as lsload -I nio shows them.
        if MELIM:
            _, nio, _ = self.cmd("lsload", "-I", "nio")
            shown = {r.split()[0]: r.split()[2] for r in nio.splitlines()[1:] if len(r.split()) > 2}
            got = {r.split()[1]: r.split()[3] for r in out if r.startswith("index ")
                   and r.split()[2] == "nio"}
            self.assertEqual(got, shown)
            self.assertEqual(sorted(got), HOSTS)
        self.assertEqual(place.split(), ["hostB"])
        self.assertIn("placed hostB", out)
        self.assertIn("adjusted hostB", out)
        self.assertIn("bad resreq: Bad resource requirement syntax", out)
        # Each refusal's number, from the reply's code and subcode (docs/client.md).
        for line in ("refused hostinfo LSE_BAD_HOST", "refused placeofhosts LSE_BAD_HOST",
                     "refused load name LSE_UNKWN_RESNAME",
                     "refused load value LSE_UNKWN_RESVALUE",
                     "refused place name LSE_UNKWN_RESNAME",
                     "refused place value LSE_UNKWN_RESVALUE"):
            self.assertIn(line, out)
        # The adjustment shows in lsload: hostB's r1m carries at least one whole task more.
        r1m = float(self.cmd("lsload", "-I", "r1m", "hostB")[1].splitlines()[1].split()[2])
        self.assertGreaterEqual(r1m, 1.0)
        # Admin calls, signed with the cluster key as lsadmin's are.
        for arg, status in (("--lock", "lockU"), ("--unlock", "ok")):
            p = subprocess.run([exe, arg], env=self.env, capture_output=True, text=True,
                               timeout=60)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.c.wait_or_dump(lambda: self.status_of("hostA") == status, status)
        # Without a key to sign with: LSF's text for LSE_LIM_DENIED.
        conf = os.path.join(self.c.dir, "lsf.conf")
        with open(conf) as f:
            text = f.read()
        with open(conf, "w") as f:
            f.write(text.replace(self.c.keyfile, os.path.join(self.c.dir, "no-such-key")))
        p = subprocess.run([exe, "--lock"], env=self.env, capture_output=True, text=True,
                           timeout=60)
        self.assertEqual(p.returncode, 1)
        self.assertIn("ls_lockhost: Operation permission denied by LIM", p.stderr)


if __name__ == "__main__":
    unittest.main()
