"""Runs the real melim with real shell elims in a temp dir (tests/integration/melim).

MELIM_BIN names the binary. Each MelimRun has its own elim directory; stdout lines (the
merged vector) and fd-3 status JSON lines are collected by reader threads.
"""
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import unittest

MELIM = os.environ.get("MELIM_BIN", "melim")

GOOD_ELIM = """#!/bin/sh
# A well-behaved elim: a counter every 0.2 s.
i=0
while true; do
  i=$((i+1))
  echo "1 good $i" || exit 1
  sleep 0.2
done
"""


def wait_for(pred, timeout=20.0, step=0.05, what="condition"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        v = pred()
        if v:
            return v
        time.sleep(step)
    raise AssertionError("timed out waiting for " + what)


def pid_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie still answers kill(0): look at its state.
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class MelimRun:
    def __init__(self, resources, env=None, elims=None, good=True):
        self.dir = tempfile.mkdtemp(prefix="melim-it-")
        self.elimdir = os.path.join(self.dir, "serverdir")
        self.logdir = os.path.join(self.dir, "log")
        os.mkdir(self.elimdir)
        os.mkdir(self.logdir)
        names = list(resources) + (["good"] if good else [])
        self.env = dict(os.environ)
        self.env.update({
            "LSF_ELIM_DIR": self.elimdir, "LSF_RESOURCES": " ".join(names),
            "LSF_LOGDIR": self.logdir, "LSF_LOG_MASK": "LOG_INFO", "OPENLIM_HOST": "ithost",
            "ELIM_POLL_INTERVAL": "0.5", "LSF_ELIM_RESTART_INTERVAL": "1",
            "LSF_ELIM_BLOCKTIME": "1", "LSF_ELIM_KILL_GRACE": "1",
        })
        self.env.pop("LSF_ENVDIR", None)
        self.env.update(env or {})
        if good:
            self.add_elim("elim.good", GOOD_ELIM)
        for name, body in (elims or {}).items():
            self.add_elim(name, body)
        self.lines = []
        self.status = None
        self.status_count = 0
        self.lock = threading.Lock()
        self.proc = None

    def path(self, name):
        return os.path.join(self.elimdir, name)

    def add_elim(self, name, body):
        p = self.path(name)
        with open(p + ".new", "w") as f:
            f.write(body)
        os.chmod(p + ".new", 0o755)
        os.rename(p + ".new", p)

    def start(self, read_stdout=True, read_status=True):
        r, w = os.pipe()
        self.proc = subprocess.Popen(
            [MELIM], env=self.env, cwd=self.dir, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, close_fds=False,
            preexec_fn=lambda: os.dup2(w, 3))
        os.close(w)
        self.status_file = os.fdopen(r, "r")
        if read_stdout:
            self.read_stdout()
        if read_status:
            threading.Thread(target=self._read_status, daemon=True).start()
        else:
            self.status_file.close()  # as lim does when it stops or restarts melim
        return self

    def read_stdout(self):
        threading.Thread(target=self._read_out, daemon=True).start()

    def _read_out(self):
        for line in self.proc.stdout:
            with self.lock:
                self.lines.append((time.monotonic(), line.decode().rstrip("\n")))

    def _read_status(self):
        for line in self.status_file:
            js = json.loads(line)
            with self.lock:
                self.status = js
                self.status_count += 1

    # ---- views
    def vector(self):
        with self.lock:
            if not self.lines:
                return None
            line = self.lines[-1][1]
        toks = line.split()
        n = int(toks[0])
        assert len(toks) == 1 + 2 * n, line
        return {toks[1 + 2 * i]: toks[2 + 2 * i] for i in range(n)}

    def value(self, name):
        v = self.vector()
        return None if v is None else v.get(name)

    def elim(self, name):
        with self.lock:
            st = self.status
        if not st:
            return None
        for e in st["elims"]:
            if e["name"] == name:
                return e
        return None

    def wait_elim(self, name, pred, timeout=20.0, what=None):
        return wait_for(lambda: (lambda e: e if e and pred(e) else None)(self.elim(name)),
                        timeout, what=what or ("status of " + name))

    def read(self, name):
        with open(os.path.join(self.dir, name)) as f:
            return f.read()

    def log_text(self):
        with open(os.path.join(self.logdir, "melim.log.ithost")) as f:
            return f.read()

    def assert_good_current(self, tc):
        """The well-behaved elim's value keeps moving: intact and current."""
        first = wait_for(lambda: self.value("good") not in (None, "-") and self.value("good"),
                         what="good value")
        wait_for(lambda: self.value("good") not in (None, "-", first), what="good to advance")
        tc.assertEqual(self.elim("elim.good")["state"], "running")
        tc.assertEqual(self.elim("elim.good")["starts"], 1)

    def stop(self):
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode

    def cleanup(self):
        self.stop()
        if self.proc is not None:
            self.proc.stdout.close()
            if not self.status_file.closed:
                self.status_file.close()
        shutil.rmtree(self.dir, ignore_errors=True)


class MelimCase(unittest.TestCase):
    def run_melim(self, resources=(), env=None, elims=None, good=True):
        m = MelimRun(resources, env, elims, good).start()
        self.addCleanup(m.cleanup)
        return m
