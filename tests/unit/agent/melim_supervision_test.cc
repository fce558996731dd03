// lim's supervision of melim on a fake clock: the throttle, sparse logging of a crash loop,
// give-up at the cap and the reconfig retry (the same DeathTally / decideRestart as melim's).
#include "agent/melim_supervision.h"

#include <gtest/gtest.h>

namespace openlim::agent {
namespace {

Death exited(double at, int code) {
  return Death{at, EndKind::kExited, code, ""};
}

TEST(MelimSupervision, RestartsNoSoonerThanTheThrottleAfterTheLastStart) {
  MelimSupervision s({10, -1, -1});
  s.wanted();
  s.started(100);
  MelimDeathOutcome o = s.died(exited(103, 1), 103);
  EXPECT_EQ(o.verdict, Verdict::kRestart);
  EXPECT_DOUBLE_EQ(o.restartAt, 110);
  EXPECT_EQ(s.state(), MelimState::kBackoff);
  EXPECT_FALSE(s.due(109.9));
  EXPECT_TRUE(s.due(110));
  s.started(110);
  EXPECT_DOUBLE_EQ(s.died(exited(200, 1), 200).restartAt, 200);  // ran long: at once
}

TEST(MelimSupervision, CrashLoopOfFiftyRestartsLogsSparselyAndNeverAborts) {
  MelimSupervision s({10, -1, -1});
  s.wanted();
  double now = 0;
  int logged = 0;
  for (int i = 0; i < 50; ++i) {
    s.started(now);
    MelimDeathOutcome o = s.died(exited(now, 127), now);  // exec fails: exit 127
    ASSERT_EQ(o.verdict, Verdict::kRestart);
    ASSERT_DOUBLE_EQ(o.restartAt, now + 10);
    logged += o.log ? 1 : 0;
    now = o.restartAt;
  }
  EXPECT_EQ(s.tally().count(), 50);
  EXPECT_EQ(s.tally().sameInARow(), 50);
  EXPECT_EQ(logged, 7);  // deaths 1, 2, 3, 4, 8, 16 and 32 of the 50
}

TEST(MelimSupervision, AnotherKindOfDeathIsLoggedAtOnce) {
  MelimSupervision s({10, -1, -1});
  s.wanted();
  for (int i = 0; i < 5; ++i) {
    s.started(i * 10);
    s.died(exited(i * 10, 127), i * 10);
  }
  s.started(50);
  MelimDeathOutcome o = s.died(Death{50, EndKind::kSignaled, 9, ""}, 50);
  EXPECT_TRUE(o.log);
  EXPECT_NE(o.message.find("killed by signal 9"), std::string::npos);
}

TEST(MelimSupervision, GivesUpAtTheCapAndReconfigRetries) {
  MelimSupervision s({10, 2, -1});
  s.wanted();
  double now = 0;
  s.started(now);
  EXPECT_EQ(s.died(exited(1, 1), 1).verdict, Verdict::kRestart);  // restart 1
  s.started(10);
  EXPECT_EQ(s.died(exited(11, 1), 11).verdict, Verdict::kRestart);  // restart 2
  s.started(20);
  MelimDeathOutcome o = s.died(exited(21, 1), 21);
  EXPECT_EQ(o.verdict, Verdict::kGaveUp);
  EXPECT_TRUE(o.log);  // always: it happens once
  EXPECT_EQ(s.state(), MelimState::kGaveUp);
  EXPECT_FALSE(s.due(1e9));
  EXPECT_TRUE(s.retry(500));
  EXPECT_TRUE(s.due(500));
  s.started(500);
  EXPECT_EQ(s.died(exited(501, 1), 501).verdict, Verdict::kRestart);  // the cap starts afresh
}

TEST(MelimSupervision, RetryIsANoOpWhileRunningOrIdle) {
  MelimSupervision s({10, -1, -1});
  EXPECT_FALSE(s.retry(0));
  s.wanted();
  s.started(0);
  EXPECT_FALSE(s.retry(1));
  EXPECT_EQ(s.state(), MelimState::kRunning);
}

TEST(MelimSupervision, ForkFailureIsADeathWithItsCause) {
  MelimSupervision s({10, -1, -1});
  s.wanted();
  s.started(0);
  MelimDeathOutcome o = s.died(Death{0, EndKind::kExited, -1, "fork: no memory"}, 0);
  EXPECT_EQ(o.verdict, Verdict::kRestart);
  EXPECT_NE(o.message.find("could not start (fork: no memory)"), std::string::npos);
}

}  // namespace
}  // namespace openlim::agent
