// ProcessCountGate: /proc is listed again for NLB_NUMPROC only when a task may have come or
// gone since the last listing (the fork count grew or the task count changed), or when the
// counters cannot be read; otherwise the last listing's count stands.
#include "load/process_count_gate.h"

#include <gtest/gtest.h>

namespace openlim {
namespace {

constexpr TaskCounters kAt{.forks = 5000, .tasks = 105};

TEST(ProcessCountGate, ListsFirstThenKeepsTheCountWhileNoTaskComesOrGoes) {
  ProcessCountGate g;
  EXPECT_FALSE(g.count().has_value());
  ASSERT_TRUE(g.mustList(kAt));
  g.listed(kAt, 90);
  EXPECT_EQ(g.count(), 90);
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(g.mustList(kAt));
  EXPECT_EQ(g.count(), 90);
  EXPECT_EQ(g.counters().listings, 1u);
  EXPECT_EQ(g.counters().reused, 3u);
}

TEST(ProcessCountGate, ATaskCreatedOrReapedListsAgain) {
  ProcessCountGate g;
  g.listed(kAt, 90);
  // A fork (a process or a thread): the fork count grows, whatever the task count says.
  TaskCounters forked{.forks = 5001, .tasks = 105};
  EXPECT_TRUE(g.mustList(forked));
  g.listed(forked, 91);
  EXPECT_EQ(g.count(), 91);
  // A task reaped without any fork: only the task count tells.
  TaskCounters reaped{.forks = 5001, .tasks = 104};
  EXPECT_TRUE(g.mustList(reaped));
  g.listed(reaped, 90);
  EXPECT_FALSE(g.mustList(reaped));
  EXPECT_EQ(g.counters().listings, 3u);
  EXPECT_EQ(g.counters().reused, 1u);
}

TEST(ProcessCountGate, UnreadableCountersListEverySample) {
  ProcessCountGate g;
  g.listed(std::nullopt, 90);
  EXPECT_TRUE(g.mustList(std::nullopt));
  EXPECT_TRUE(g.mustList(kAt));  // the listing had no counters to compare with
  g.listed(kAt, 90);
  EXPECT_TRUE(g.mustList(std::nullopt));
  EXPECT_EQ(g.counters().reused, 0u);
}

TEST(ProcessCountGate, AFailedListingHasNoCountAndListsAgain) {
  ProcessCountGate g;
  g.listed(kAt, 90);
  g.listed(kAt, std::nullopt);
  EXPECT_FALSE(g.count().has_value());
  EXPECT_TRUE(g.mustList(kAt));
  // A listing of no process at all is a count (the sampler makes it unknown), not a failure.
  g.listed(kAt, 0);
  EXPECT_EQ(g.count(), 0);
  EXPECT_FALSE(g.mustList(kAt));
}

}  // namespace
}  // namespace openlim
