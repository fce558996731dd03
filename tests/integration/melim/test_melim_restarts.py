"""melim integration: exits, restarts, abort value, restart cap, shutdown, parent death."""
import datetime
import os
import signal
import subprocess
import time
import unittest

from melim_harness import MELIM, MelimCase, MelimRun, pid_alive, wait_for


class Restarts(MelimCase):
    def test_crash_loop_restarts_are_throttled(self):
        m = self.run_melim(["crash"], elims={"elim.crash": """#!/bin/sh
date +%s.%N >> "$(dirname "$0")/../starts"
echo "1 crash 1"
exit 1
"""})
        starts = os.path.join(m.dir, "starts")
        wait_for(lambda: os.path.exists(starts) and len(m.read("starts").split()) >= 4,
                 timeout=30, what="4 starts")
        # melim's own start times (its log, ms resolution): process start-up jitter of the
        # shell would blur what the elim itself sees.
        times = []
        for line in m.log_text().splitlines():
            if "elim.crash: started" in line:
                t = datetime.datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S.%f")
                times.append(t.timestamp())
        self.assertGreaterEqual(len(times), 4)
        for a, b in zip(times, times[1:]):
            # LSF_ELIM_RESTART_INTERVAL=1. The log line follows the fork/exec handshake, which
            # can take tens of ms under load; without the throttle starts are ~10 ms apart.
            self.assertGreaterEqual(b - a, 0.9, times)
        e = m.wait_elim("elim.crash", lambda e: e["starts"] >= 4)
        self.assertEqual(e["last_exit"], {"code": 1})
        m.assert_good_current(self)

    def test_abort_value_is_not_restarted(self):
        m = self.run_melim(["gpu"], elims={"elim.abort": """#!/bin/sh
exit $ELIM_ABORT_VALUE
"""})
        m.wait_elim("elim.abort", lambda e: e["state"] == "aborted")
        time.sleep(2.5)  # > 2 restart intervals
        e = m.elim("elim.abort")
        self.assertEqual(e["starts"], 1)
        self.assertEqual(e["last_exit"], {"code": 97})
        m.assert_good_current(self)

    def test_restart_cap_gives_up(self):
        m = self.run_melim(["capped"], env={"LSF_ELIM_RESTARTS": "2"},
                           elims={"elim.capped": "#!/bin/sh\nexit 3\n"})
        e = m.wait_elim("elim.capped", lambda e: e["state"] == "gave_up", timeout=30)
        self.assertEqual(e["starts"], 3)
        m.assert_good_current(self)

    def test_nonzero_exit_values_go_unknown_and_restart(self):
        m = self.run_melim(["once"], elims={"elim.once": """#!/bin/sh
echo "1 once 7"
sleep 0.5
exit 4
"""})
        wait_for(lambda: m.value("once") == "7", what="once=7")
        m.wait_elim("elim.once", lambda e: e["last_exit"] == {"code": 4})
        wait_for(lambda: m.value("once") == "-", what="once unknown after exit")
        m.wait_elim("elim.once", lambda e: e["starts"] >= 2)
        m.assert_good_current(self)

    def test_killed_by_signal_is_restarted(self):
        m = self.run_melim(["sig"], elims={"elim.sig": """#!/bin/sh
echo "1 sig 1"
sleep 0.3
kill -KILL $$
"""})
        m.wait_elim("elim.sig", lambda e: e["last_exit"] == {"signal": 9} and e["starts"] >= 2)
        m.assert_good_current(self)

    def test_sigterm_ignored_is_killed_on_shutdown_no_zombies(self):
        m = self.run_melim(["stubborn"], elims={"elim.stubborn": """#!/bin/sh
trap '' TERM
echo $$ > "$(dirname "$0")/../stubborn.pid"
echo "1 stubborn 1"
while true; do sleep 0.2; done
"""})
        wait_for(lambda: m.value("stubborn") == "1", what="stubborn value")
        pid = int(m.read("stubborn.pid"))
        good = m.elim("elim.good")["pid"]
        self.assertEqual(m.stop(), 0)
        self.assertFalse(pid_alive(pid))
        self.assertFalse(pid_alive(good))
        self.assertIn("did not exit on TERM; sending KILL", m.log_text())

    def test_stdout_closed_means_lim_gone(self):
        m = MelimRun([], good=True)
        self.addCleanup(m.cleanup)
        m.start(read_stdout=False)
        good = m.wait_elim("elim.good", lambda e: e["state"] == "running")["pid"]
        m.proc.stdout.close()  # EPIPE on melim's next report (every 0.5 s)
        self.assertEqual(m.proc.wait(timeout=20), 0)
        wait_for(lambda: not pid_alive(good), what="elim stopped")
        m.proc.stdout = open(os.devnull, "rb")  # for cleanup

    def test_parent_death_stops_melim_and_elims(self):
        m = MelimRun([], good=True)
        self.addCleanup(m.cleanup)
        pidfile = os.path.join(m.dir, "melim.pid")
        sh = subprocess.Popen(["sh", "-c", 'exec 3>/dev/null; "$0" >/dev/null & echo $! > "$1"; wait',
                               MELIM, pidfile], env=m.env, start_new_session=True)
        wait_for(lambda: os.path.exists(pidfile) and open(pidfile).read().strip(), what="pid")
        mpid = int(open(pidfile).read())
        elims = lambda: [int(p) for p in os.listdir("/proc") if p.isdigit() and _ppid(int(p)) == mpid]
        kids = wait_for(elims, what="elim started")
        sh.kill()
        sh.wait()
        wait_for(lambda: not pid_alive(mpid), what="melim gone after parent death")
        for k in kids:
            wait_for(lambda: not pid_alive(k), what="elim gone")


def _ppid(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return -1


class StatusPipe(unittest.TestCase):
    def test_status_pipe_closed_by_lim_is_no_error(self):
        # lim closes melim's fd 3 when it stops or restarts it: melim notes it, calmly.
        m = MelimRun(["x"])
        self.addCleanup(m.cleanup)
        m.start(read_status=False)
        log = os.path.join(m.logdir, "melim.log.ithost")
        wait_for(lambda: os.path.exists(log) and "status descriptor 3 closed" in m.log_text(),
                 what="EPIPE noted")
        line = [l for l in m.log_text().splitlines() if "status descriptor 3 closed" in l][0]
        self.assertIn(" info: ", line)
        self.assertNotIn(" warning: ", m.log_text())
        self.assertNotIn(" error: ", m.log_text())


if __name__ == "__main__":
    unittest.main()
