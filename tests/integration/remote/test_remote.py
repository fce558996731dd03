"""lsrun, lsgrun, lslogin and lsloadadj end to end: real lims on 127.9.60.0/24, the real
commands, and openlim_test_rsh as LSF_RSH (it runs each "remote" command here with
OPENLIM_RSH_HOST naming the host it was meant for).

Run: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd python3 -m unittest -v test_remote
"""

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "harness"))
from cluster import Cluster  # noqa: E402

LIM = os.environ.get("LIM_BIN", "")
CMD_DIR = os.environ.get("CMD_DIR", "")
RSH = os.path.join(HERE, "openlim_test_rsh")
HOSTS = ["hostA", "hostB", "hostC"]


def default_signals():
    """A runner started in the background ignores SIGINT and SIGQUIT, and an ignored signal
    stays ignored across exec: the command under test gets the default dispositions."""
    for sig in (signal.SIGINT, signal.SIGQUIT):
        signal.signal(sig, signal.SIG_DFL)


class RemoteTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not LIM or not os.access(LIM, os.X_OK) or not CMD_DIR:
            raise unittest.SkipTest("LIM_BIN and CMD_DIR not set")
        cls.c = Cluster(block="127.9.60", hosts=HOSTS, lim=LIM,
                        resources=["cs Boolean () () () (Compute server)"],
                        host_columns=("model type server RESOURCES",
                                      {"hostA": "Generic LINUX86 1 ()",
                                       "hostB": "Generic LINUX86 1 ()",
                                       "hostC": "Generic LINUX86 1 (cs)"}))
        cls.c.start_all()
        cls.tmp = tempfile.TemporaryDirectory()
        try:
            cls.c.wait_or_dump(lambda: cls.all_report(), "every host reports", timeout=60)
        except BaseException:
            cls.c.close()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.c.close()
        cls.tmp.cleanup()

    @classmethod
    def env(cls, **extra):
        env = dict(os.environ, LSF_ENVDIR=cls.c.dir, OPENLIM_HOST="hostA", LSF_RSH=RSH)
        env.pop("OPENLIM_RSH_UNREACHABLE", None)
        env.update(extra)
        return env

    @classmethod
    def run_cmd(cls, *argv, stdin=None, cwd=None, **extra):
        p = subprocess.run([os.path.join(CMD_DIR, argv[0])] + list(argv[1:]), env=cls.env(**extra),
                           input=stdin, capture_output=True, text=True, timeout=60,
                           cwd=cwd or cls.tmp.name)
        return p.returncode, p.stdout, p.stderr

    @classmethod
    def all_report(cls):
        rc, out, _ = cls.run_cmd("lsload", "-json")
        if rc != 0:
            return False
        return sorted(h["name"] for h in json.loads(out)["hosts"]
                      if h["status"] in ("ok", "busy")) == HOSTS

    # lsrun

    def test_arguments_and_directory_arrive_unchanged_on_the_chosen_host(self):
        words = ["a b", "it's", '"q"', "$HOME", "`id`", "*", ""]
        rc, out, err = self.run_cmd("lsrun", "-m", "hostB", "sh", "-c",
                                    'printf "%s|" "$OPENLIM_RSH_HOST" "$(pwd)" "$@"', "x", *words)
        self.assertEqual(rc, 0, err)
        self.assertEqual(out, "|".join(["hostB", os.path.realpath(self.tmp.name)] + words) + "|")

    def test_places_by_the_requirement_and_names_the_host_with_v(self):
        rc, out, err = self.run_cmd("lsrun", "-v", "-R", "select[cs]", "sh", "-c",
                                    'echo "${OPENLIM_RSH_HOST:-local}"')
        self.assertEqual((rc, out), (0, "hostC\n"), err)
        self.assertIn("<<Execute on host hostC>>", err)

    def test_the_local_host_runs_without_the_remote_shell(self):
        rc, out, err = self.run_cmd("lsrun", "-m", "hostA", "sh", "-c",
                                    'echo "${OPENLIM_RSH_HOST:-local}"')
        self.assertEqual((rc, out), (0, "local\n"), err)

    def test_m_with_several_hosts_chooses_among_them(self):
        # (lsrun asks the master's place op as lsplace does: the golden test
        # lsrun/verbose_remote checks the request; the adjustment is the master's.)
        where = 'echo "${OPENLIM_RSH_HOST:-hostA}"'
        for _ in range(3):
            rc, out, err = self.run_cmd("lsrun", "-m", "hostB hostC", "sh", "-c", where)
            self.assertEqual(rc, 0, err)
            self.assertIn(out.strip(), ("hostB", "hostC"))

    def test_one_host_with_m_ignores_the_requirement(self):
        rc, out, err = self.run_cmd("lsrun", "-m", "hostB", "-R", "select[cs]", "sh", "-c",
                                    'echo "$OPENLIM_RSH_HOST"')
        self.assertEqual((rc, out), (0, "hostB\n"), err)

    def test_exit_status_is_the_commands_and_128_plus_n_on_a_signal(self):
        for host in ("hostA", "hostB"):
            self.assertEqual(self.run_cmd("lsrun", "-m", host, "sh", "-c", "exit 7")[0], 7)
            self.assertEqual(self.run_cmd("lsrun", "-m", host, "sh", "-c", "kill -KILL $$")[0],
                             128 + signal.SIGKILL)
            self.assertEqual(self.run_cmd("lsrun", "-m", host, "sh", "-c", "kill -TERM $$")[0],
                             128 + signal.SIGTERM)

    def test_stdin_passes_through(self):
        rc, out, err = self.run_cmd("lsrun", "-m", "hostB", "tr", "a-z", "A-Z", stdin="piped in\n")
        self.assertEqual((rc, out), (0, "PIPED IN\n"), err)

    def test_no_eligible_host_exits_1_before_anything_runs(self):
        marker = os.path.join(self.tmp.name, "ran")
        rc, out, err = self.run_cmd("lsrun", "-R", "select[mem>1000000000]", "touch", marker)
        self.assertEqual(rc, 1, err)
        self.assertIn("Not enough host(s) currently eligible", err)
        self.assertFalse(os.path.exists(marker))

    def test_unreachable_host_names_host_and_lsf_rsh_and_exits_255(self):
        rc, out, err = self.run_cmd("lsrun", "-m", "hostB", "true", OPENLIM_RSH_UNREACHABLE="hostB")
        self.assertEqual(rc, 255)
        self.assertIn("hostB", err)
        self.assertIn("LSF_RSH", err)
        # -l: the local host (it meets the requirement) runs it instead.
        rc, out, err = self.run_cmd("lsrun", "-l", "-m", "hostB", "sh", "-c",
                                    'echo "${OPENLIM_RSH_HOST:-local}"',
                                    OPENLIM_RSH_UNREACHABLE="hostB")
        self.assertEqual((rc, out), (0, "local\n"), err)
        # A remote shell that does not exist: the same.
        rc, _, err = self.run_cmd("lsrun", "-m", "hostB", "true", LSF_RSH="/nonexistent/rsh")
        self.assertEqual(rc, 255)
        self.assertIn("/nonexistent/rsh", err)

    def start_trapping(self, host, sig):
        """lsrun running a command that reports `sig` and exits 5; returns (proc, marker)."""
        marker = os.path.join(self.tmp.name, "got-%s-%d" % (host, sig))
        script = ('trap "echo got > %s; exit 5" %d; echo ready; while :; do sleep 0.05; done'
                  % (marker, sig))
        p = subprocess.Popen([os.path.join(CMD_DIR, "lsrun"), "-m", host, "sh", "-c", script],
                             env=self.env(), stdout=subprocess.PIPE, text=True,
                             cwd=self.tmp.name, preexec_fn=default_signals)
        self.addCleanup(lambda: p.poll() is None and p.kill())
        self.assertEqual(p.stdout.readline(), "ready\n")
        return p, marker

    def test_signals_reach_the_command(self):
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
            p, marker = self.start_trapping("hostA", sig)
            p.send_signal(sig)
            self.assertEqual(p.wait(timeout=30), 5, sig)  # the command's own exit status
            p.stdout.close()
            self.assertTrue(os.path.exists(marker), sig)
        # Through the remote shell: the command gets it too.
        p, marker = self.start_trapping("hostB", signal.SIGTERM)
        p.send_signal(signal.SIGTERM)
        p.wait(timeout=30)
        p.stdout.close()
        self.c.wait_or_dump(lambda: os.path.exists(marker), "the remote command got SIGTERM")

    def run_on_terminal(self, argv, keys):
        """Runs argv on a new pseudo-terminal (its session leader's foreground job), types
        `keys` once it printed "ready", and returns (exit code, what the terminal showed)."""
        import pty
        import select
        pid, fd = pty.fork()
        if pid == 0:
            default_signals()
            os.chdir(self.tmp.name)
            os.execve(argv[0], argv, self.env())
        shown = b""

        def read_some(wait):
            """What the terminal holds within `wait` s; None once every process closed it."""
            if not select.select([fd], [], [], wait)[0]:
                return b""
            try:
                return os.read(fd, 4096) or None
            except OSError:  # EIO: every process closed the terminal
                return None

        deadline = time.monotonic() + 30
        typed = False
        open_ = True
        while time.monotonic() < deadline:
            if open_:
                data = read_some(0.1)
                open_ = data is not None
                shown += data or b""
            else:
                time.sleep(0.1)
            if not typed and b"ready" in shown:
                os.write(fd, keys)
                typed = True
            got, status = os.waitpid(pid, os.WNOHANG)
            if got == pid:
                # What it wrote just before it exited may still wait in the terminal: read
                # it (on a loaded machine the exit can come between two reads).
                while open_:
                    data = read_some(1)
                    open_ = bool(data)
                    shown += data or b""
                os.close(fd)
                return os.waitstatus_to_exitcode(status), shown.decode(errors="replace")
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
        self.fail("no exit on the terminal; it showed %r" % shown)

    def test_on_a_terminal_the_command_is_the_foreground_job(self):
        lsrun = os.path.join(CMD_DIR, "lsrun")
        # It reads the terminal (a background job would be stopped by SIGTTIN)...
        rc, shown = self.run_on_terminal(
            [lsrun, "-m", "hostA", "sh", "-c", 'echo ready; read x; echo "got $x"'], b"hi\n")
        self.assertEqual(rc, 0, shown)
        self.assertIn("got hi", shown)
        # ...and ^C typed there reaches it as the terminal's foreground job.
        rc, shown = self.run_on_terminal(
            [lsrun, "-m", "hostA", "sh", "-c",
             'trap "echo caught; exit 6" INT; echo ready; while :; do sleep 0.05; done'],
            b"\x03")
        self.assertEqual(rc, 6, shown)
        self.assertIn("caught", shown)

    # lsgrun

    def test_lsgrun_runs_on_each_host_in_order_and_summarizes_failures(self):
        rc, out, err = self.run_cmd("lsgrun", "-m", "hostA hostB hostC", "sh", "-c",
                                    'echo "${OPENLIM_RSH_HOST:-local}"; '
                                    'test "$OPENLIM_RSH_HOST" != hostB || exit 3')
        self.assertEqual(out, "local\nhostB\nhostC\n")
        self.assertEqual(rc, 3)
        self.assertIn("lsgrun: failed on 1 of 3 hosts: hostB (exit 3)", err)
        rc, out, err = self.run_cmd("lsgrun", "-v", "-R", "select[cs]", "true")
        self.assertEqual(rc, 0, err)
        self.assertIn("<<Execute on host hostC>>", err)

    def test_lsgrun_p_prefixes_whole_lines_never_interleaved(self):
        long = "x" * 5000
        script = ('i=0; while [ $i -lt 100 ]; do echo "$OPENLIM_RSH_HOST $i %s"; '
                  'echo "err $i" >&2; i=$((i+1)); done' % long)
        rc, out, err = self.run_cmd("lsgrun", "-p", "-m", "hostB hostC", "sh", "-c", script)
        self.assertEqual(rc, 0, err)
        lines = out.splitlines()
        self.assertEqual(len(lines), 200)
        seen = {"hostB": 0, "hostC": 0}
        for line in lines:
            m = re.fullmatch(r"(host[BC]): (host[BC]) (\d+) (x+)", line)
            self.assertIsNotNone(m, line[:80])
            self.assertEqual(m.group(1), m.group(2))
            self.assertEqual(int(m.group(3)), seen[m.group(1)])  # in order, none lost
            self.assertEqual(len(m.group(4)), 5000)
            seen[m.group(1)] += 1
        self.assertEqual(sorted(l.split(":")[0] for l in err.splitlines()).count("hostB"), 100)

    def test_lsgrun_p_starts_at_most_the_bound_at_once(self):
        running = os.path.join(self.tmp.name, "running")
        os.makedirs(running, exist_ok=True)
        log = os.path.join(self.tmp.name, "counts")
        script = ('d=$(mktemp -d %s/t.XXXXXX); ls %s | wc -l >> %s; sleep 0.4; rmdir "$d"'
                  % (running, running, log))
        hosts = " ".join(["hostB"] * 6)
        rc, _, err = self.run_cmd("lsgrun", "-p", "-m", hosts, "sh", "-c", script,
                                  LSF_LSGRUN_PARALLEL="2")
        self.assertEqual(rc, 0, err)
        with open(log) as f:
            counts = [int(x) for x in f.read().split()]
        self.assertEqual(len(counts), 6)
        self.assertLessEqual(max(counts), 2)

    def test_lsgrun_reads_commands_after_its_prompt(self):
        rc, out, err = self.run_cmd("lsgrun", "-m", "hostB hostC",
                                    stdin='echo "1 $OPENLIM_RSH_HOST"\n\necho "2 $OPENLIM_RSH_HOST"\n')
        self.assertEqual(rc, 0, err)
        self.assertEqual(out, "1 hostB\n1 hostC\n2 hostB\n2 hostC\n")

    # lslogin, lsloadadj

    def test_lslogin_logs_in_on_the_chosen_host(self):
        rc, out, err = self.run_cmd("lslogin", "-v", "-R", "select[cs]",
                                    stdin='echo "on $OPENLIM_RSH_HOST"\n')
        self.assertEqual((rc, out), (0, "on hostC\n"), err)
        self.assertIn("<<Remote login to host hostC>>", err)

    def test_lsloadadj_adds_load_the_master_counts(self):
        def r15s(host):
            snap = json.loads(self.run_cmd("lsload", "-json")[1])
            return [h for h in snap["hosts"] if h["name"] == host][0]["values"]["r15s"]
        before = r15s("hostB")
        rc, out, err = self.run_cmd("lsloadadj", "hostB:4")
        self.assertEqual((rc, out, err), (0, "", ""))
        self.assertGreater(r15s("hostB"), before)
        rc, _, err = self.run_cmd("lsloadadj", "hostB:0")
        self.assertEqual(rc, 2)


if __name__ == "__main__":
    unittest.main()
