// The elim fault matrix (docs/melim.md "Fault catalogue") on a fake clock and fake launcher.
#include "core/supervisor.h"

#include <gtest/gtest.h>

#include "fakes.h"
#include "test_catalog.h"

namespace openlim::melim {
namespace {

using testing::FakeLog;
using testing::FakeProcesses;

class SupervisorTest : public ::testing::Test {
 protected:
  void SetUp() override { build(Settings{}); }
  void build(Settings s) {
    s.names = testing::testNames();
    procs_.now = &now_;
    procs_.starts.clear();
    sup_ = std::make_unique<Supervisor>(s, &procs_, &log_);
    sup_->setElims({{"elim.a", "/d/elim.a"}, {"elim.b", "/d/elim.b"}}, now_);
    sup_->advance(now_);
  }
  int pid(int probe) const { return sup_->probe(probe).pid; }
  int gen(int probe) const { return sup_->probe(probe).generation; }
  void out(int probe, std::string_view bytes) { sup_->onStdout(probe, gen(probe), bytes, now_); }
  void exitWith(int probe, int code) { sup_->onExit(pid(probe), {false, code}, now_); }
  void killedBy(int probe, int sig) { sup_->onExit(pid(probe), {true, sig}, now_); }
  void at(double t) {
    now_ = t;
    sup_->advance(now_);
  }
  std::string vector() { return sup_->merger().formatVector(); }
  ProbeState state(int probe) const { return sup_->probe(probe).state; }
  uint64_t dropped(int probe, DropReason r) const {
    return sup_->probe(probe).dropped[static_cast<size_t>(r)];
  }
  // Elim b reports and stays current: the isolation check after every fault.
  void expectBIntact() {
    out(1, "1 usr_tmp 42\n");
    EXPECT_EQ(state(1), ProbeState::kRunning);
    EXPECT_TRUE(sup_->merger().shown(sup_->catalog().find("usr_tmp")).known);
    EXPECT_EQ(sup_->merger().shown(sup_->catalog().find("usr_tmp")).number, 42);
  }

  double now_ = 0;
  FakeProcesses procs_;
  FakeLog log_;
  std::unique_ptr<Supervisor> sup_;
};

TEST_F(SupervisorTest, StartsEveryElimAtOnce) {
  EXPECT_EQ(procs_.starts.size(), 2u);
  EXPECT_EQ(state(0), ProbeState::kRunning);
  EXPECT_EQ(vector(), "3 nio - usr_tmp - osrel -\n");
}

TEST_F(SupervisorTest, CrashLoopFiftyRestartsAreThrottled) {
  for (int i = 0; i < 50; ++i) {
    now_ += 0.001;
    exitWith(0, 1);
    EXPECT_EQ(state(0), ProbeState::kBackoff);
    double due = sup_->probe(0).restartAt;
    at(due - 0.01);
    EXPECT_EQ(state(0), ProbeState::kBackoff);
    EXPECT_LE(sup_->nextDeadline(), due);
    at(due);
    EXPECT_EQ(state(0), ProbeState::kRunning);
  }
  EXPECT_EQ(procs_.startsOf(0), 51);
  for (size_t i = 2; i < procs_.starts.size(); ++i) {
    const auto& s = procs_.starts[i];
    if (s.probe == 0) {
      EXPECT_GE(s.at - 90 * static_cast<double>(s.generation - 1), -1e-6);
    }
  }
  expectBIntact();
}

TEST_F(SupervisorTest, ExitAndEofInEitherOrder) {
  out(0, "1 nio 5\n");
  exitWith(0, 0);  // exit first: values unknown at once, pipe closed
  EXPECT_EQ(vector().find("nio 5"), std::string::npos);
  EXPECT_FALSE(procs_.closed.empty());
  sup_->onStdoutEof(0, gen(0), now_);  // the late EOF changes nothing
  EXPECT_EQ(state(0), ProbeState::kBackoff);
  at(90);
  out(0, "1 nio 6\n");
  sup_->onStdoutEof(0, gen(0), now_);  // EOF first: the exit status still decides
  exitWith(0, 97);
  EXPECT_EQ(state(0), ProbeState::kAborted);
}

TEST_F(SupervisorTest, EofWhileRunningIsStoppedAfterGrace) {
  sup_->onStdoutEof(0, gen(0), now_);
  at(1.9);
  EXPECT_EQ(state(0), ProbeState::kRunning);
  at(2.0);
  EXPECT_EQ(state(0), ProbeState::kStopping);
  EXPECT_TRUE(procs_.signaled(pid(0), SIGTERM));
}

TEST_F(SupervisorTest, AbortValueIsNeverRestarted) {
  exitWith(0, 97);
  EXPECT_EQ(state(0), ProbeState::kAborted);
  at(1e6);
  EXPECT_EQ(procs_.startsOf(0), 1);
  expectBIntact();
}

TEST_F(SupervisorTest, RestartCapGivesUp) {
  Settings s;
  s.rules.maxRestarts = 2;
  s.rules.restartInterval = 1;
  build(s);
  for (int i = 0; i < 3; ++i) {
    exitWith(0, 3);
    at(now_ + 1);
  }
  EXPECT_EQ(state(0), ProbeState::kGaveUp);
  EXPECT_EQ(procs_.startsOf(0), 3);
  EXPECT_NE(sup_->statusJson(now_, 0).find("\"gave_up\""), std::string::npos);
}

TEST_F(SupervisorTest, PartialLinePastBlocktimeIsKilledThenKilledHarder) {
  out(0, "1 nio 5\n2 nio 1 usr");
  sup_->takeOutput(now_);
  sup_->takeStatus(now_, 0);
  EXPECT_EQ(sup_->nextDeadline(), 4);
  at(3.9);
  EXPECT_EQ(state(0), ProbeState::kRunning);
  at(4);
  EXPECT_EQ(state(0), ProbeState::kStopping);
  EXPECT_EQ(dropped(0, DropReason::kPartialTimeout), 1u);
  EXPECT_TRUE(procs_.signaled(pid(0), SIGTERM));
  EXPECT_EQ(vector().find("nio 5"), std::string::npos);  // a killed elim's values go
  at(6);                                                 // ignores TERM: KILL after the grace
  EXPECT_TRUE(procs_.signaled(pid(0), SIGKILL));
  killedBy(0, SIGKILL);
  EXPECT_EQ(state(0), ProbeState::kBackoff);
  EXPECT_EQ(sup_->probe(0).tally.last()->kind, EndKind::kKilled);
  EXPECT_EQ(dropped(0, DropReason::kPartialTimeout), 1u);
  EXPECT_EQ(dropped(0, DropReason::kPartialAtEof), 0u);  // one hung line, counted once
  expectBIntact();
}

TEST_F(SupervisorTest, PartialClockRestartsWithEachNewLine) {
  out(0, "1 nio");
  at(3);
  out(0, " 1\n1 nio");  // previous line completed; a new one begins at 3
  at(6.5);
  EXPECT_EQ(state(0), ProbeState::kRunning);
  at(7);
  EXPECT_EQ(state(0), ProbeState::kStopping);
}

TEST_F(SupervisorTest, BlocktimeZeroKillsAnySplitLine) {
  Settings s;
  s.blockTime = 0;
  build(s);
  out(0, "1 nio 1\n");
  at(0);
  EXPECT_EQ(state(0), ProbeState::kRunning);
  out(0, "1 ni");
  at(0);
  EXPECT_EQ(state(0), ProbeState::kStopping);
}

TEST_F(SupervisorTest, WatchdogKillsSilentElim) {
  Settings s;
  s.watchdog = 10;
  build(s);
  at(5);
  out(0, "1 nio 1\n");
  out(1, "1 usr_tmp 1\n");
  at(14.9);
  EXPECT_EQ(state(0), ProbeState::kRunning);
  at(15);
  EXPECT_EQ(state(0), ProbeState::kStopping);
  EXPECT_EQ(state(1), ProbeState::kStopping);
}

TEST_F(SupervisorTest, StaleValueBecomesUnknown) {
  out(0, "1 nio 5\n");  // nio interval 10, factor 3
  at(29);
  EXPECT_NE(vector().find("nio 5"), std::string::npos);
  at(30);
  EXPECT_NE(vector().find("nio -"), std::string::npos);
}

TEST_F(SupervisorTest, GarbageCountsAndKeepsValues) {
  out(0, "1 nio 5\n");
  out(0, "garbage\n3 nio 1\n1 nio nan\n1 nio 1e300\n1 bogus 1\n2 nio 1 nio 2\n");
  out(0, std::string(70000, 'x') + "\n");
  EXPECT_NE(vector().find("nio 5"), std::string::npos);
  EXPECT_EQ(dropped(0, DropReason::kSyntax), 1u);
  EXPECT_EQ(dropped(0, DropReason::kCountMismatch), 1u);
  EXPECT_EQ(dropped(0, DropReason::kBadNumber), 1u);
  EXPECT_EQ(dropped(0, DropReason::kOutOfRange), 1u);
  EXPECT_EQ(dropped(0, DropReason::kUnknownName), 1u);
  EXPECT_EQ(dropped(0, DropReason::kDuplicate), 1u);
  EXPECT_EQ(dropped(0, DropReason::kOverlong), 1u);
  EXPECT_EQ(sup_->probe(0).accepted, 1u);
  std::string js = sup_->statusJson(now_, 0);
  EXPECT_NE(js.find("\"count_mismatch\":1"), std::string::npos);
  expectBIntact();
}

TEST_F(SupervisorTest, DropLogIsRateLimited) {
  for (int i = 0; i < 1000; ++i) out(0, "junk\n");
  EXPECT_EQ(dropped(0, DropReason::kSyntax), 1000u);
  EXPECT_LT(log_.lines.size(), 20u);
}

TEST_F(SupervisorTest, EscapeSequencesAndBinaryBytesNeverReachTheLogRaw) {
  auto raw = [](const std::string& l) {
    for (unsigned char c : l)
      if (c < 0x20 || c >= 0x7f) return true;
    return false;
  };
  sup_->onStderr(0, gen(0), "\x1b]0;owned\x07\x1b[2J tty\n", now_);
  // Lengths from the literals themselves (sizeof - 1): the NUL byte is part of the line.
  static constexpr char kDropped[] = "1 nio \x1b[31m5\xff\n";
  static constexpr char kPartial[] = "2 nio 1 \x01\x02\x00 partial";
  out(0, std::string(kDropped, sizeof kDropped - 1));  // dropped line, logged
  out(1, std::string(kPartial, sizeof kPartial - 1));  // hangs mid-line
  now_ += 10;
  sup_->advance(now_);
  ASSERT_FALSE(log_.lines.empty());
  bool sawStderr = false, sawDrop = false, sawPartial = false;
  for (const auto& l : log_.lines) {
    EXPECT_FALSE(raw(l)) << l;
    sawStderr |= l.find("stderr: \\x1b]0;owned\\x07\\x1b[2J tty") != std::string::npos;
    sawDrop |= l.find("\\x1b[31m5\\xff") != std::string::npos;
    sawPartial |= l.find("\\x01\\x02\\x00 partial") != std::string::npos;
  }
  EXPECT_TRUE(sawStderr);
  EXPECT_TRUE(sawDrop);
  EXPECT_TRUE(sawPartial);
}

TEST_F(SupervisorTest, StderrIsLoggedRateLimited) {
  for (int i = 0; i < 500; ++i) sup_->onStderr(0, gen(0), "spam spam\n", now_);
  EXPECT_EQ(sup_->probe(0).stderrLines, 500u);
  EXPECT_LT(log_.lines.size(), 30u);
  at(11);
  sup_->onStderr(0, gen(0), "again\n", now_);
  bool summary = false;
  for (const auto& l : log_.lines)
    summary |= l.find("stderr lines not logged") != std::string::npos;
  EXPECT_TRUE(summary);
}

TEST_F(SupervisorTest, UnexpectedNameIgnoredAndLoggedOnce) {
  out(0, "2 gpu_mem 1 nio 2\n2 gpu_mem 1 nio 3\n");
  EXPECT_EQ(sup_->probe(0).ignoredPairs, 2u);
  EXPECT_NE(vector().find("nio 3"), std::string::npos);
  int logged = 0;
  for (const auto& l : log_.lines) logged += l.find("gpu_mem") != std::string::npos;
  EXPECT_EQ(logged, 1);
}

TEST_F(SupervisorTest, TwoElimsOneNameNewestWinsConflictCounted) {
  out(0, "1 nio 1\n");
  now_ = 1;
  out(1, "1 nio 2\n");
  EXPECT_NE(vector().find("nio 2"), std::string::npos);
  EXPECT_EQ(sup_->probe(1).conflicts, 1u);
  exitWith(1, 0);  // b's value goes; a's older one is still current
  EXPECT_NE(vector().find("nio 1"), std::string::npos);
}

TEST_F(SupervisorTest, DebugLogsEveryLine) {
  Settings s;
  s.debug = true;
  build(s);
  log_.lines.clear();
  out(0, "1 nio 1\n1 nio 2\n");
  ASSERT_EQ(log_.lines.size(), 2u);
  EXPECT_NE(log_.lines[1].find("line: 1 nio 2"), std::string::npos);
}

TEST_F(SupervisorTest, RetractionWithDash) {
  out(0, "1 nio 1\n");
  out(0, "1 nio -\n");
  EXPECT_NE(vector().find("nio -"), std::string::npos);
}

TEST_F(SupervisorTest, OutputOnChangeAndEveryPollInterval) {
  ASSERT_TRUE(sup_->takeOutput(0).has_value());
  EXPECT_FALSE(sup_->takeOutput(1).has_value());
  out(0, "1 nio 1\n");
  EXPECT_EQ(*sup_->takeOutput(1), "3 nio 1 usr_tmp - osrel -\n");
  // The next line goes at the next multiple of ELIM_POLL_INTERVAL (5): when lim samples too
  // (util/period_grid.h), at most an interval after the last one.
  ASSERT_TRUE(sup_->takeStatus(1, 1000).has_value());  // the status line that follows it
  EXPECT_DOUBLE_EQ(sup_->nextDeadline(), 5);
  EXPECT_FALSE(sup_->takeOutput(4.9).has_value());
  EXPECT_TRUE(sup_->takeOutput(5.0001).has_value());
  ASSERT_TRUE(sup_->takeStatus(5.0001, 1004).has_value());
  EXPECT_DOUBLE_EQ(sup_->nextDeadline(), 10);
}

TEST_F(SupervisorTest, EveryVectorLineIsFollowedByStatusWithFreshAges) {
  sup_->takeOutput(0);
  ASSERT_TRUE(sup_->takeStatus(0, 0));
  EXPECT_FALSE(sup_->takeStatus(1, 0));
  out(0, "1 nio 1\n");
  at(2);
  ASSERT_TRUE(sup_->takeOutput(2));
  EXPECT_TRUE(sup_->takeStatus(2, 0));  // within the poll interval, but a vector line went
  now_ = 3;
  out(0, "1 nio 1\n");  // the same value again: no new vector line...
  EXPECT_FALSE(sup_->takeOutput(3));
  ASSERT_TRUE(sup_->takeOutput(7));  // ...until the poll interval
  auto st = sup_->takeStatus(7, 0);  // and its status says how old each value is
  ASSERT_TRUE(st);
  EXPECT_NE(st->find("\"name\":\"nio\",\"value\":\"1\",\"age\":4,"), std::string::npos) << *st;
}

TEST_F(SupervisorTest, RepeatedValueRefreshesItsAgeInStatusWithinASecond) {
  sup_->takeOutput(0);
  sup_->takeStatus(0, 0);
  EXPECT_DOUBLE_EQ(sup_->nextDeadline(), 5);
  now_ = 0.5;
  out(0, "1 nio 1\n");
  sup_->takeOutput(0.5);
  sup_->takeStatus(0.5, 0);
  now_ = 0.7;
  out(0, "1 nio 1\n");  // repeated: no vector line, but its age restarted
  EXPECT_FALSE(sup_->takeOutput(0.7));
  EXPECT_DOUBLE_EQ(sup_->nextDeadline(), 1.5);  // a second after the last status line
  EXPECT_FALSE(sup_->takeStatus(1.4, 0));
  auto st = sup_->takeStatus(1.5, 0);
  ASSERT_TRUE(st);
  EXPECT_NE(st->find("\"name\":\"nio\",\"value\":\"1\",\"age\":0.8,"), std::string::npos) << *st;
  EXPECT_FALSE(sup_->takeStatus(2.6, 0));  // nothing repeated since
}

TEST_F(SupervisorTest, IdleDeadlineIsInTheFutureWithoutStatusReader) {
  sup_->enableStatus(false);
  sup_->takeOutput(0);
  EXPECT_DOUBLE_EQ(sup_->nextDeadline(), 5);  // the poll interval, not "overdue"
  sup_->enableStatus(true);
  EXPECT_LT(sup_->nextDeadline(), 0);  // status never sent yet: due now
}

TEST_F(SupervisorTest, StaleGenerationEventsAreIgnored) {
  int oldGen = gen(0);
  exitWith(0, 1);
  at(90);
  sup_->onStdout(0, oldGen, "1 nio 9\n", now_);
  EXPECT_EQ(vector().find("nio 9"), std::string::npos);
}

TEST_F(SupervisorTest, GrandchildGroupIsKilledAfterExit) {
  int p = pid(0);
  exitWith(0, 0);
  EXPECT_TRUE(procs_.signaled(p, SIGTERM));
  at(2);
  EXPECT_TRUE(procs_.signaled(p, SIGKILL));
  sup_->onExit(4242, {false, 0}, now_);  // an adopted grandchild: ignored
}

TEST_F(SupervisorTest, RescanStartsNewStopsRemovedLeavesOthers) {
  int pidB = pid(1);
  sup_->setElims({{"elim.b", "/d/elim.b"}, {"elim.c", "/d/elim.c"}}, now_);
  sup_->advance(now_);
  EXPECT_EQ(state(0), ProbeState::kStopping);
  EXPECT_EQ(pid(1), pidB);
  EXPECT_EQ(state(2), ProbeState::kRunning);
  killedBy(0, SIGTERM);
  EXPECT_EQ(state(0), ProbeState::kRemoved);
  at(1000);
  EXPECT_EQ(procs_.startsOf(0), 1);
  sup_->setElims({{"elim.a", "/d/elim.a"}, {"elim.b", "/d/elim.b"}}, now_);
  sup_->advance(now_);
  EXPECT_EQ(state(0), ProbeState::kRunning);  // back again
}

TEST_F(SupervisorTest, StartFailureBacksOff) {
  procs_.failNext = true;
  sup_->setElims({{"elim.a", "/d/elim.a"}, {"elim.b", "/d/elim.b"}, {"elim.gone", "/d/x"}}, now_);
  sup_->advance(now_);
  EXPECT_EQ(state(2), ProbeState::kBackoff);
  EXPECT_NE(sup_->statusJson(now_, 0).find("No such file"), std::string::npos);
}

TEST_F(SupervisorTest, ShutdownTermsThenKillsAndFinishes) {
  sup_->shutdown(now_);
  EXPECT_FALSE(sup_->finished());
  EXPECT_TRUE(procs_.signaled(pid(0), SIGTERM));
  killedBy(1, SIGTERM);
  at(2);
  EXPECT_TRUE(procs_.signaled(pid(0), SIGKILL));
  killedBy(0, SIGKILL);
  EXPECT_TRUE(sup_->finished());
  EXPECT_EQ(state(0), ProbeState::kDone);
  at(1000);
  EXPECT_EQ(procs_.starts.size(), 2u);
}

TEST_F(SupervisorTest, StatusJsonShape) {
  out(0, "2 nio 1 osrel a\"b\n");
  std::string js = sup_->statusJson(now_, 1700000000.5);
  EXPECT_EQ(js.back(), '\n');
  EXPECT_NE(js.find("\"type\":\"melim_status\""), std::string::npos);
  EXPECT_NE(js.find("\"name\":\"elim.a\",\"state\":\"running\""), std::string::npos);
  EXPECT_NE(js.find("\"value\":\"a\\\"b\""), std::string::npos);
}

}  // namespace
}  // namespace openlim::melim

// Reconfig (SIGHUP): elims that stopped for good, or wait out the throttle, start again.
namespace openlim::melim {
namespace {

TEST_F(SupervisorTest, ReconfigRetriesAnAbortedElim) {
  exitWith(0, 97);
  at(10);
  ASSERT_EQ(state(0), ProbeState::kAborted);
  int pidB = pid(1);
  EXPECT_EQ(sup_->retryStopped(), 1);
  EXPECT_EQ(state(0), ProbeState::kPending);
  EXPECT_LE(sup_->nextDeadline(), now_);  // due now, not after the throttle
  at(10);
  EXPECT_EQ(state(0), ProbeState::kRunning);
  EXPECT_EQ(procs_.startsOf(0), 2);
  EXPECT_EQ(pid(1), pidB);  // the running elim is untouched
  EXPECT_EQ(procs_.startsOf(1), 1);
  exitWith(0, 97);  // aborting again stops it again
  at(1e6);
  EXPECT_EQ(state(0), ProbeState::kAborted);
  EXPECT_EQ(procs_.startsOf(0), 2);
  expectBIntact();
}

TEST_F(SupervisorTest, ReconfigRetriesAGivenUpElimWithAFreshRestartCap) {
  Settings s;
  s.rules.maxRestarts = 1;
  s.rules.restartInterval = 1;
  build(s);
  exitWith(0, 3);
  at(now_ + 1);
  exitWith(0, 3);
  ASSERT_EQ(state(0), ProbeState::kGaveUp);
  ASSERT_EQ(procs_.startsOf(0), 2);
  EXPECT_EQ(sup_->retryStopped(), 1);
  at(now_ + 0.5);
  EXPECT_EQ(state(0), ProbeState::kRunning);
  // One restart allowed again after the retry, then it gives up again.
  exitWith(0, 3);
  EXPECT_EQ(state(0), ProbeState::kBackoff);
  at(now_ + 1);
  EXPECT_EQ(state(0), ProbeState::kRunning);
  exitWith(0, 3);
  EXPECT_EQ(state(0), ProbeState::kGaveUp);
  EXPECT_EQ(procs_.startsOf(0), 4);
}

TEST_F(SupervisorTest, ReconfigCutsTheThrottleShortAndLeavesOthersAlone) {
  now_ = 5;
  exitWith(0, 1);
  ASSERT_EQ(state(0), ProbeState::kBackoff);
  ASSERT_GT(sup_->probe(0).restartAt, 80);
  EXPECT_EQ(sup_->retryStopped(), 1);
  at(6);
  EXPECT_EQ(state(0), ProbeState::kRunning);
  EXPECT_EQ(procs_.startsOf(0), 2);
  EXPECT_EQ(sup_->retryStopped(), 0);  // nothing stopped now: a no-op
  EXPECT_EQ(procs_.startsOf(1), 1);
}

TEST_F(SupervisorTest, ReconfigDoesNotRetryRemovedOrShutDownElims) {
  exitWith(0, 97);
  sup_->setElims({{"elim.b", "/d/elim.b"}}, now_);
  ASSERT_EQ(state(0), ProbeState::kRemoved);
  EXPECT_EQ(sup_->retryStopped(), 0);
  EXPECT_EQ(state(0), ProbeState::kRemoved);
  sup_->shutdown(now_);
  EXPECT_EQ(sup_->retryStopped(), 0);
}

}  // namespace
}  // namespace openlim::melim
