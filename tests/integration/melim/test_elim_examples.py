"""The example elims (elim_examples/): each one run alone, then all under the real melim."""
import os
import shutil
import stat
import subprocess
import tempfile
import time
import unittest

from melim_harness import MelimCase, wait_for

EXAMPLES = os.environ.get("ELIM_EXAMPLES_DIR", "../../../elim_examples")
SCRATCH_BIN = os.environ.get("ELIM_SCRATCH_BIN", "elim.scratch")


def example(name):
    return SCRATCH_BIN if name == "elim.scratch" else os.path.join(EXAMPLES, name)


class Elim:
    """One elim run directly, its stdout read line by line."""

    def __init__(self, tc, name, resources, env=None, args=()):
        e = dict(os.environ)
        e.update({"LSF_RESOURCES": resources, "ELIM_ABORT_VALUE": "97", "ELIM_SAMPLE": "1"})
        e.update(env or {})
        self.p = subprocess.Popen([example(name)] + list(args), env=e, stdout=subprocess.PIPE,
                                  stdin=subprocess.DEVNULL, text=True, start_new_session=True)
        tc.addCleanup(self.close)

    def line(self):
        return self.p.stdout.readline().rstrip("\n")

    def close(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()
        self.p.stdout.close()


class Examples(MelimCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="elim-ex-")
        self.addCleanup(shutil.rmtree, self.tmp, True)

    def write(self, name, text, mode=None):
        p = os.path.join(self.tmp, name)
        with open(p, "w") as f:
            f.write(text)
        if mode:
            os.chmod(p, mode)
        return p

    def test_checking_header_aborts_when_not_expected(self):
        for name in ("elim.usr_tmp", "elim.nio", "elim.licenses", "elim.gpu", "elim.scratch"):
            r = subprocess.run([example(name)], env=dict(os.environ, LSF_RESOURCES="other",
                               ELIM_ABORT_VALUE="97"), stdout=subprocess.PIPE, timeout=20)
            self.assertEqual(r.returncode, 97, name)
            self.assertEqual(r.stdout, b"", name)

    def test_usr_tmp_reports_free_mb_of_its_directory(self):
        e = Elim(self, "elim.usr_tmp", "usr_tmp", {"ELIM_USR_TMP_DIR": self.tmp})
        toks = e.line().split()
        self.assertEqual(toks[:2], ["1", "usr_tmp"])
        st = os.statvfs(self.tmp)
        self.assertAlmostEqual(int(toks[2]), st.f_bavail * st.f_frsize // 2**20, delta=64)

    def test_scratch_c_elim_reports_and_exits_when_write_fails(self):
        e = Elim(self, "elim.scratch", "x scratch", {"ELIM_SCRATCH_DIR": self.tmp,
                                                     "ELIM_INTERVAL": "1"})
        toks = e.line().split()
        self.assertEqual(toks[:2], ["1", "scratch"])
        self.assertGreaterEqual(int(toks[2]), 0)
        self.assertEqual(e.line().split()[:2], ["1", "scratch"])  # again within INTERVAL
        e.p.stdout.close()  # melim gone: the next write fails
        self.assertEqual(e.p.wait(timeout=20), 1)

    def test_nio_reports_kb_per_second(self):
        dev = os.path.join(self.tmp, "dev")

        def counters(rx, tx):
            self.write("dev.new", "Inter-|   Receive |  Transmit\n face |bytes packets\n"
                       "    lo: 999999 1 0 0 0 0 0 0 999999 1 0 0 0 0 0 0\n"
                       "  eth0: %d 10 0 0 0 0 0 0 %d 10 0 0 0 0 0 0\n" % (rx, tx))
            os.rename(os.path.join(self.tmp, "dev.new"), dev)

        counters(1000, 1000)
        e = Elim(self, "elim.nio", "nio", {"ELIM_NET_DEV": dev})
        time.sleep(0.3)
        counters(1000 + 10240, 1000 + 10240)  # 20 KB in one 1 s sample
        self.assertEqual(e.line(), "1 nio 20.0")

    def test_licenses_from_file_via_elimargs(self):
        f = self.write("lic", "7\n")
        e = Elim(self, "elim.licenses", "licenses", {"LSF_MASTER": "Y"}, ["licenses=" + f])
        self.assertEqual(e.line(), "1 licenses 7")
        self.write("lic", "9\n")
        self.assertEqual(e.line(), "1 licenses 9")
        self.write("lic", "lots\n")
        self.assertEqual(e.line(), "1 licenses -")
        r = subprocess.run([example("elim.licenses")], env=dict(
            os.environ, LSF_RESOURCES="licenses", LSF_MASTER="N", ELIM_ABORT_VALUE="97"),
            timeout=20)
        self.assertEqual(r.returncode, 97)  # [all] resource: only the master reports it

    def test_gpu_with_fake_nvidia_smi_and_without(self):
        state = self.write("gpus", "ok")
        smi = self.write("nvidia-smi", '#!/bin/sh\n[ "$(cat %s)" = ok ] || exit 9\n'
                         'echo "50, 1000"\necho "30, 2000"\n' % state, 0o755)
        e = Elim(self, "elim.gpu", "ngpus gpu_util gpu_mem", {"NVIDIA_SMI": smi})
        self.assertEqual(e.line(), "3 ngpus 2 gpu_util 40.0 gpu_mem 3000")
        self.write("gpus", "broken")
        self.assertEqual(e.line(), "3 ngpus - gpu_util - gpu_mem -")
        r = subprocess.run([example("elim.gpu")], env=dict(
            os.environ, LSF_RESOURCES="ngpus", NVIDIA_SMI="/nonexistent/nvidia-smi",
            ELIM_ABORT_VALUE="97"), timeout=20)
        self.assertEqual(r.returncode, 97)

    def test_all_examples_under_melim(self):
        lic = self.write("lic", "5\n")
        m = self.run_melim(["usr_tmp", "licenses", "scratch", "ngpus", "gpu_util", "gpu_mem"],
                           env={"ELIM_LICENSE_FILE": lic, "LSF_MASTER": "Y",
                                "NVIDIA_SMI": "/nonexistent/nvidia-smi", "ELIM_SAMPLE": "1",
                                "ELIM_SCRATCH_DIR": self.tmp})
        m.wait_elim("elim.good", lambda e: e["state"] == "running")  # signals handled by now
        for name in ("elim.usr_tmp", "elim.licenses", "elim.gpu", "elim.nio"):
            shutil.copy(example(name), m.path(name))
        shutil.copy(SCRATCH_BIN, m.path("elim.scratch"))
        m.proc.send_signal(1)  # SIGHUP: pick them up
        wait_for(lambda: m.value("licenses") == "5", what="licenses=5")
        wait_for(lambda: (m.value("usr_tmp") or "-") != "-", what="usr_tmp")
        wait_for(lambda: (m.value("scratch") or "-") != "-", what="scratch")
        m.wait_elim("elim.gpu", lambda e: e["state"] == "aborted")
        m.wait_elim("elim.nio", lambda e: e["state"] == "aborted")  # nio not expected here
        self.assertEqual(m.value("ngpus"), "-")
        m.assert_good_current(self)


if __name__ == "__main__":
    unittest.main()
