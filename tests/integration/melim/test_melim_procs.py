"""melim integration: grandchildren, the elim directory changing, two elims on one name."""
import os
import signal
import time
import unittest

from melim_harness import MelimCase, pid_alive, wait_for


class Processes(MelimCase):
    def test_grandchild_holding_stdout(self):
        m = self.run_melim(["gc"], elims={"elim.gc": """#!/bin/sh
sleep 1000 &
echo $! >> "$(dirname "$0")/../grandchildren"
echo "1 gc 5"
sleep 0.5
exit 0
"""})
        wait_for(lambda: m.value("gc") == "5", what="gc=5")
        m.wait_elim("elim.gc", lambda e: e["last_exit"] == {"code": 0})
        # Exited per waitpid: its values go although the grandchild keeps the pipe open.
        wait_for(lambda: m.value("gc") == "-", what="gc unknown after exit")
        first = int(m.read("grandchildren").split()[0])
        wait_for(lambda: not pid_alive(first), what="grandchild killed with the group")
        m.wait_elim("elim.gc", lambda e: e["starts"] >= 2)
        m.assert_good_current(self)

    def test_elim_deleted_while_running(self):
        m = self.run_melim(["del"], elims={"elim.del": """#!/bin/sh
echo $$ > "$(dirname "$0")/../del.pid"
while true; do echo "1 del 1" || exit 1; sleep 0.2; done
"""})
        wait_for(lambda: m.value("del") == "1", what="del=1")
        pid = int(m.read("del.pid"))
        os.unlink(m.path("elim.del"))
        time.sleep(0.5)
        self.assertEqual(m.elim("elim.del")["state"], "running")  # untouched until a rescan
        m.proc.send_signal(signal.SIGHUP)
        m.wait_elim("elim.del", lambda e: e["state"] == "removed")
        wait_for(lambda: not pid_alive(pid), what="deleted elim stopped")
        wait_for(lambda: m.value("del") == "-", what="del unknown")
        m.assert_good_current(self)

    def test_deleted_elim_that_dies_fails_to_restart_visibly(self):
        m = self.run_melim(["gone"], elims={"elim.gone": """#!/bin/sh
echo "1 gone 1"
sleep 0.5
exit 1
"""})
        wait_for(lambda: m.value("gone") == "1", what="gone=1")
        os.unlink(m.path("elim.gone"))
        e = m.wait_elim("elim.gone", lambda e: "error" in e and e["starts"] >= 2)
        self.assertEqual(e["state"], "backoff")
        m.assert_good_current(self)

    def test_sighup_rescan_starts_new_elim_others_untouched(self):
        m = self.run_melim(["fresh"])
        m.assert_good_current(self)
        good_pid = m.elim("elim.good")["pid"]
        m.add_elim("elim.fresh", '#!/bin/sh\necho "1 fresh 11"\nsleep 1000\n')
        m.add_elim("elim.fresh.bak", '#!/bin/sh\necho "1 fresh 99"\nsleep 1000\n')
        m.add_elim("elim.user", '#!/bin/sh\necho "1 fresh 98"\nsleep 1000\n')
        m.proc.send_signal(signal.SIGHUP)
        wait_for(lambda: m.value("fresh") == "11", what="fresh=11")
        self.assertIsNone(m.elim("elim.fresh.bak"))
        self.assertIsNone(m.elim("elim.user"))
        self.assertEqual(m.elim("elim.good")["pid"], good_pid)
        self.assertIn("elim.fresh.bak: not run", m.log_text())
        m.assert_good_current(self)

    def test_two_elims_one_name(self):
        m = self.run_melim(["shared"], elims={
            "elim.one": '#!/bin/sh\nwhile true; do echo "1 shared 1" || exit 1; sleep 0.3; done\n',
            "elim.two": '#!/bin/sh\nsleep 0.15\nwhile true; do echo "1 shared 2" || exit 1; sleep 0.3; done\n'})
        wait_for(lambda: (m.elim("elim.one") or {}).get("conflicts", 0) +
                 (m.elim("elim.two") or {}).get("conflicts", 0) >= 2, what="conflicts counted")
        seen = set()
        wait_for(lambda: seen.add(m.value("shared")) or {"1", "2"} <= seen, what="both values")
        self.assertIn("also reported by", m.log_text())
        m.assert_good_current(self)

    def test_elim_gets_own_session_devnull_stdin_and_no_melim_fds(self):
        m = self.run_melim(["env"], elims={"elim.env": """#!/bin/sh
d="$(dirname "$0")/.."
ls -l /proc/$$/fd/ > "$d/fds"  # the shell's descriptors, seen from a child
ps -o sid= -p $$ | tr -d ' ' > "$d/sid"
echo $$ > "$d/pid"
echo "$ELIM_ABORT_VALUE $LSF_MASTER [$LSF_RESOURCES]" > "$d/env"
echo "1 env 1"
sleep 1000
"""})
        wait_for(lambda: m.value("env") == "1", what="env=1")
        self.assertEqual(m.read("sid").strip(), m.read("pid").strip())
        fds = {}
        for line in m.read("fds").splitlines():
            if " -> " in line:
                left, target = line.split(" -> ", 1)
                fds[left.split()[-1]] = target
        self.assertEqual(fds["0"], "/dev/null")
        self.assertTrue(fds["2"].startswith("pipe:"), fds)
        # Only its stdout and stderr pipes (dash keeps a saved copy of fd 1 around the
        # redirection): no read end of another elim, no fd 3 status pipe, no socket.
        pipes = {t for t in fds.values() if t.startswith("pipe:")}
        self.assertEqual(len(pipes), 2, fds)
        self.assertFalse([t for t in fds.values() if t.startswith("socket:")], fds)
        self.assertEqual(m.read("env").strip(), "97 N [env good]")
        m.assert_good_current(self)

    def test_no_zombies_after_crash_loop(self):
        m = self.run_melim(["z"], elims={"elim.z": '#!/bin/sh\n(sleep 0.1 &)\nexit 1\n'})
        m.wait_elim("elim.z", lambda e: e["starts"] >= 3, timeout=30)
        time.sleep(0.5)
        zombies = []
        for p in os.listdir("/proc"):
            if not p.isdigit():
                continue
            try:
                with open("/proc/%s/stat" % p) as f:
                    rest = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if rest[0] == "Z" and int(rest[1]) == m.proc.pid:
                zombies.append(p)
        self.assertEqual(zombies, [])
        m.assert_good_current(self)

    def test_melim_by_hand_output_format(self):
        m = self.run_melim(["a", "b"], elims={"elim.ab": '#!/bin/sh\necho "1 a 2.5"\nsleep 1000\n'})
        wait_for(lambda: m.value("a") == "2.5", what="a=2.5")
        v = m.vector()
        self.assertEqual(v["b"], "-")
        with m.lock:
            t0 = m.lines[-1][0]
        # Nothing changes, yet a line comes every ELIM_POLL_INTERVAL (0.5 s).
        wait_for(lambda: m.lines[-1][0] > t0, what="periodic report")


if __name__ == "__main__":
    unittest.main()
