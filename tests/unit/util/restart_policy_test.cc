#include "util/restart_policy.h"

#include <gtest/gtest.h>

#include <vector>

namespace openlim {
namespace {

TEST(RestartPolicy, ThrottlesFromPreviousStart) {
  DeathTally t;
  t.record({10, EndKind::kExited, 1, ""});
  RestartDecision d = decideRestart({90, -1, 97}, t, 5, 1);
  EXPECT_EQ(d.verdict, Verdict::kRestart);
  EXPECT_DOUBLE_EQ(d.at, 95);
  t.record({200, EndKind::kExited, 1, ""});
  EXPECT_DOUBLE_EQ(decideRestart({90, -1, 97}, t, 95, 2).at, 200);  // long run: at once
}

TEST(RestartPolicy, AbortValueNeverRestarts) {
  DeathTally t;
  t.record({1, EndKind::kExited, 97, ""});
  EXPECT_EQ(decideRestart({90, -1, 97}, t, 0, 1).verdict, Verdict::kAborted);
  t.record({1, EndKind::kSignaled, 97, ""});  // signal 97 is not the abort value
  EXPECT_EQ(decideRestart({90, -1, 97}, t, 0, 1).verdict, Verdict::kRestart);
}

TEST(RestartPolicy, CapCountsRestartsNotStarts) {
  DeathTally t;
  t.record({1, EndKind::kExited, 0, ""});
  RestartRules r{1, 2, 97};
  EXPECT_EQ(decideRestart(r, t, 0, 1).verdict, Verdict::kRestart);  // restart 1
  EXPECT_EQ(decideRestart(r, t, 0, 2).verdict, Verdict::kRestart);  // restart 2
  EXPECT_EQ(decideRestart(r, t, 0, 3).verdict, Verdict::kGaveUp);
  EXPECT_EQ(decideRestart({1, 0, 97}, t, 0, 1).verdict, Verdict::kGaveUp);
}

TEST(DeathTally, KeepsBoundedHistoryAndTotal) {
  DeathTally t;
  for (int i = 0; i < 50; ++i) t.record({double(i), EndKind::kExited, i, ""});
  EXPECT_EQ(t.count(), 50);
  EXPECT_LE(t.recent().size(), 8u);
  EXPECT_EQ(t.last()->code, 49);
}

TEST(DeathTally, CountsIdenticalDeathsInARow) {
  DeathTally t;
  EXPECT_EQ(t.sameInARow(), 0);
  for (int i = 0; i < 5; ++i) t.record({double(i), EndKind::kExited, 127, ""});
  EXPECT_EQ(t.sameInARow(), 5);
  t.record({6, EndKind::kSignaled, 127, ""});  // same number, other kind: a new run
  EXPECT_EQ(t.sameInARow(), 1);
  t.record({7, EndKind::kExited, 1, ""});
  EXPECT_EQ(t.sameInARow(), 1);
}

TEST(RestartPolicy, NoAbortValueNeverAborts) {
  DeathTally t;
  t.record({1, EndKind::kExited, 97, ""});
  EXPECT_EQ(decideRestart({10, -1, -1}, t, 0, 1).verdict, Verdict::kRestart);
}

TEST(RestartPolicy, RepeatedDeathsAreLoggedSparsely) {
  std::vector<int> logged;
  for (int n = 1; n <= 70; ++n)
    if (worthLogging(n)) logged.push_back(n);
  EXPECT_EQ(logged, (std::vector<int>{1, 2, 3, 4, 8, 16, 32, 64}));
  EXPECT_FALSE(worthLogging(0));
}

}  // namespace
}  // namespace openlim
