"""melim integration: what elims write (garbage, partial lines, huge lines, floods, stderr)."""
import os
import unittest

from melim_harness import MelimCase, MelimRun, wait_for


class Input(MelimCase):
    def test_garbage_count_mismatch_nan_range_unknown_are_dropped_whole(self):
        m = self.run_melim(["bad", "other"], elims={"elim.bad": r"""#!/bin/sh
echo "1 bad 5"
echo "this is garbage"
echo "3 bad 1 other 2"
echo "2 bad 1"
echo "2 bad nan other 1"
echo "1 bad inf"
echo "1 bad 0x10"
echo "1 bad 3000000000"
echo "2 bad 1 nosuchname 4"
echo "2 bad 9 bad 8"
echo "1 swap 3"
echo "1 bad 6 junk"
echo "1 other 3"
sleep 1000
"""})
        e = m.wait_elim("elim.bad", lambda e: e["accepted"] == 2 and sum(e["dropped"].values()) == 11)
        d = e["dropped"]
        self.assertEqual(d.get("syntax"), 1)
        self.assertEqual(d.get("count_mismatch"), 3)
        self.assertEqual(d.get("bad_number"), 3)
        self.assertEqual(d.get("out_of_range"), 1)
        self.assertEqual(d.get("unknown_name"), 1)
        self.assertEqual(d.get("duplicate"), 1)
        self.assertEqual(d.get("alias"), 1)
        wait_for(lambda: m.value("bad") == "5" and m.value("other") == "3", what="bad=5 other=3")
        m.assert_good_current(self)

    def test_physically_impossible_builtin_values_are_out_of_range(self):
        m = self.run_melim(["ext"], elims={"elim.builtin": r"""#!/bin/sh
echo "1 mem -100"
echo "1 ut -1"
echo "1 ut 5"
echo "1 tmp -5"
echo "1 pg 1e9"
echo "2 ext 1 ut 5"
echo "2 ut 0.25 mem 512"
echo "1 ext 2"
sleep 1000
"""})
        e = m.wait_elim("elim.builtin",
                        lambda e: e["accepted"] == 2 and sum(e["dropped"].values()) == 6)
        self.assertEqual(e["dropped"], {"out_of_range": 6})
        wait_for(lambda: m.value("ut") == "0.25" and m.value("mem") == "512"
                 and m.value("ext") == "2", what="ut=0.25 mem=512 ext=2")
        self.assertIn("line dropped (out_of_range at '5'): 1 ut 5", m.log_text())
        m.assert_good_current(self)

    def test_escape_sequences_and_binary_reach_the_log_escaped(self):
        m = self.run_melim(["esc"], elims={"elim.esc": r"""#!/bin/sh
printf '\033]0;owned\007\033[2J on stderr\n' >&2
printf '1 esc \033[31m5\377\n'
echo "1 esc 1"
sleep 1000
"""})
        m.wait_elim("elim.esc", lambda e: e["accepted"] == 1 and e["stderr_lines"] == 1)
        with open(os.path.join(m.logdir, "melim.log.ithost"), "rb") as f:
            log = f.read()
        self.assertIn(b"stderr: \\x1b]0;owned\\x07\\x1b[2J on stderr", log)
        self.assertIn(b"\\x1b[31m5\\xff", log)
        for line in log.split(b"\n"):
            self.assertFalse(any(c < 0x20 or c >= 0x7f for c in line), line)

    def test_hung_partial_line_counts_once(self):
        m = self.run_melim(["hang"], elims={"elim.hang": """#!/bin/sh
printf "2 hang 2 "
sleep 1000
"""})
        e = m.wait_elim("elim.hang", lambda e: e["deaths"] >= 1 and e["state"] != "stopping",
                        timeout=30)
        self.assertEqual(e["dropped"].get("partial_timeout"), e["deaths"])
        self.assertNotIn("partial_at_eof", e["dropped"])

    def test_hang_mid_line_past_blocktime_is_killed_and_restarted(self):
        m = self.run_melim(["hang"], elims={"elim.hang": """#!/bin/sh
echo "1 hang 1"
printf "2 hang 2 "
sleep 1000
"""})
        e = m.wait_elim("elim.hang", lambda e: e["dropped"].get("partial_timeout", 0) >= 1
                        and e["starts"] >= 2, timeout=30)
        self.assertIn("LSF_ELIM_BLOCKTIME", m.log_text())
        m.assert_good_current(self)

    def test_watchdog_restarts_a_silent_elim(self):
        m = self.run_melim(["quiet"], env={"LSF_ELIM_WATCHDOG": "1"}, elims={
            "elim.quiet": '#!/bin/sh\necho "1 quiet 1"\nsleep 1000\n'})
        e = m.wait_elim("elim.quiet", lambda e: e["starts"] >= 2, timeout=30)
        self.assertIn("LSF_ELIM_WATCHDOG", e["last_exit"].get("cause", ""))
        m.assert_good_current(self)  # the chatty one is never touched

    def test_ten_mib_line_without_newline(self):
        m = self.run_melim(["big"], elims={"elim.big": """#!/bin/sh
head -c 10485760 /dev/zero | tr '\\0' 'x'
sleep 1000
"""})
        e = m.wait_elim("elim.big", lambda e: e["dropped"].get("overlong", 0) >= 1
                        and e["dropped"].get("partial_timeout", 0) >= 1, timeout=30)
        with open("/proc/%d/status" % m.proc.pid) as f:
            rss = [l for l in f if l.startswith("VmRSS")][0].split()[1]
        self.assertLess(int(rss), 64 * 1024)  # never buffered the 10 MiB
        m.assert_good_current(self)

    def test_flood_of_a_million_lines(self):
        m = self.run_melim(["flood"], elims={"elim.flood": """#!/bin/sh
yes "1 flood 1" | head -n 1000000
echo "1 flood 2"
sleep 1000
"""})
        m.wait_elim("elim.flood", lambda e: e["accepted"] >= 1000001, timeout=60)
        wait_for(lambda: m.value("flood") == "2", what="last flood value")
        with m.lock:
            n = len(m.lines)
        self.assertLess(n, 1000000)  # coalesced, not echoed line by line
        m.assert_good_current(self)

    def test_slow_reader_never_blocks_melim(self):
        m = MelimRun(["slow"], elims={"elim.slow": """#!/bin/sh
exec awk 'BEGIN { for (i = 1; ; i++) print "1 slow " i }'
"""})
        self.addCleanup(m.cleanup)
        m.start(read_stdout=False)  # lim is stuck: nobody reads melim's stdout
        # The stdout pipe (64 KiB) is full after a few thousand vectors; melim goes on.
        m.wait_elim("elim.slow", lambda e: e["accepted"] >= 300000, timeout=60)
        m.wait_elim("elim.good", lambda e: e["accepted"] >= 5)
        m.read_stdout()  # lim wakes up: old lines drain, then the newest vector
        wait_for(lambda: int(m.value("slow") or 0) >= 300000, what="a current vector")
        m.assert_good_current(self)

    def test_stderr_spam(self):
        m = self.run_melim(["spam"], elims={"elim.spam": """#!/bin/sh
echo "1 spam 1"
yes "spam spam spam" >&2
"""})
        m.wait_elim("elim.spam", lambda e: e["stderr_lines"] >= 100000, timeout=30)
        self.assertLess(os.path.getsize(os.path.join(m.logdir, "melim.log.ithost")), 1 << 20)
        self.assertEqual(m.value("spam"), "1")
        m.assert_good_current(self)

    def test_retraction_and_string_values(self):
        m = self.run_melim(["r"], elims={"elim.r": """#!/bin/sh
echo "1 r 3"
sleep 0.5
echo "1 r -"
sleep 1000
"""})
        wait_for(lambda: m.value("r") == "3", what="r=3")
        wait_for(lambda: m.value("r") == "-", what="r retracted")
        m.assert_good_current(self)


if __name__ == "__main__":
    unittest.main()
