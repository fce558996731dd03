"""melim integration: on SIGHUP (reconfig) an elim that aborted or gave up is started again,
as LSF's reconfig restarts every elim; the running ones are left alone."""
import os
import signal
import time
import unittest

from melim_harness import MelimCase, MelimRun, wait_for

# Aborts (or fails) while the file `broken` exists next to the elim directory, else reports.
FIXABLE = """#!/bin/sh
d="$(dirname "$0")/.."
echo start >> "$d/%(name)s.starts"
if [ -e "$d/broken" ]; then exit %(code)s; fi
while :; do echo "1 %(res)s 5" || exit 0; sleep 0.3; done
"""


class Reconfig(MelimCase):
    def start_broken(self, res, code, env=None):
        """melim with elim.<res>, which fails (exit `code`) until fix() is called."""
        m = MelimRun([res], env)
        open(os.path.join(m.dir, "broken"), "w").close()
        name = "elim." + res
        m.add_elim(name, FIXABLE % {"name": name, "code": code, "res": res})
        self.addCleanup(m.cleanup)
        return m.start()

    def fix(self, m):
        os.unlink(os.path.join(m.dir, "broken"))

    def starts(self, m, name):
        try:
            return len(m.read(name + ".starts").split())
        except OSError:
            return 0

    def test_sighup_retries_an_aborted_elim(self):
        m = self.start_broken("fixed", "$ELIM_ABORT_VALUE")
        m.wait_elim("elim.fixed", lambda e: e["state"] == "aborted")
        time.sleep(2.5)  # > 2 restart intervals: an aborted elim stays down by itself
        self.assertEqual(self.starts(m, "elim.fixed"), 1)
        good_pid = m.elim("elim.good")["pid"]
        self.fix(m)
        m.proc.send_signal(signal.SIGHUP)
        m.wait_elim("elim.fixed", lambda e: e["state"] == "running" and e["starts"] == 2)
        wait_for(lambda: m.value("fixed") == "5", what="the retried elim's value")
        self.assertEqual(m.elim("elim.good")["pid"], good_pid)  # left alone
        self.assertIn("reconfig: retrying (was aborted)", m.log_text())
        m.assert_good_current(self)

    def test_sighup_retries_an_elim_that_gave_up(self):
        m = self.start_broken("capped", "3", env={"LSF_ELIM_RESTARTS": "1"})
        m.wait_elim("elim.capped", lambda e: e["state"] == "gave_up", timeout=30)
        self.assertEqual(self.starts(m, "elim.capped"), 2)
        self.fix(m)
        m.proc.send_signal(signal.SIGHUP)
        m.wait_elim("elim.capped", lambda e: e["state"] == "running" and e["starts"] == 3)
        wait_for(lambda: m.value("capped") == "5", what="the retried elim's value")
        m.assert_good_current(self)


if __name__ == "__main__":
    unittest.main()
