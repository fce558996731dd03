// Which melim to run: additions and role changes at once, removals after a settle time, so
// a master change (provisional announce, then the settled one) restarts melim once at most.
#include "agent/melim_plan.h"

#include <gtest/gtest.h>

#include <cmath>

namespace openlim::agent {
namespace {

MelimWant w(std::vector<std::string> r, bool master = false) {
  return MelimWant{std::move(r), master};
}

TEST(MelimPlan, FirstStartIsImmediateAndNothingToRunStartsNothing) {
  MelimPlan p(5);
  EXPECT_EQ(p.decide(w({}), std::nullopt, 0), std::nullopt);
  auto d = p.decide(w({"a"}), std::nullopt, 0);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->resources, std::vector<std::string>{"a"});
}

TEST(MelimPlan, MasterChangeThatEndsWhereItStartedRestartsNothing) {
  MelimPlan p(5);
  auto running = w({"a", "lic"});
  // The new master does not know yet that we serve lic...
  EXPECT_EQ(p.decide(w({"a"}), running, 100), std::nullopt);
  EXPECT_DOUBLE_EQ(p.nextDeadline(), 105);
  // ...and once it has our report it says so again: no restart at all.
  EXPECT_EQ(p.decide(w({"a", "lic"}), running, 101), std::nullopt);
  EXPECT_EQ(p.nextDeadline(), INFINITY);
  EXPECT_EQ(p.decide(w({"a", "lic"}), running, 200), std::nullopt);
}

TEST(MelimPlan, RemovalAppliesOnceSettled) {
  MelimPlan p(5);
  auto running = w({"a", "lic"});
  EXPECT_EQ(p.decide(w({"a"}), running, 100), std::nullopt);
  EXPECT_EQ(p.decide(w({"a"}), running, 104.9), std::nullopt);
  auto d = p.decide(w({"a"}), running, 105);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->resources, std::vector<std::string>{"a"});
  EXPECT_EQ(p.nextDeadline(), INFINITY);
}

TEST(MelimPlan, AdditionAndRoleChangeApplyAtOnce) {
  MelimPlan p(5);
  auto d = p.decide(w({"a", "b"}), w({"a"}), 0);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->resources, (std::vector<std::string>{"a", "b"}));
  d = p.decide(w({"a"}, true), w({"a"}), 1);
  ASSERT_TRUE(d);
  EXPECT_TRUE(d->master);
  // An addition during a pending removal carries the removal with it.
  EXPECT_EQ(p.decide(w({"a"}), w({"a", "b"}), 2), std::nullopt);
  d = p.decide(w({"a", "c"}), w({"a", "b"}), 3);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->resources, (std::vector<std::string>{"a", "c"}));
}

TEST(MelimPlan, TheRoleDoesNotMatterWhenNothingRuns) {
  MelimPlan p(5);
  EXPECT_EQ(p.decide(w({}, true), w({}, false), 0), std::nullopt);
  // Losing everything is a removal: it settles first.
  EXPECT_EQ(p.decide(w({}), w({"lic"}), 10), std::nullopt);
  auto d = p.decide(w({}), w({"lic"}), 15);
  ASSERT_TRUE(d);
  EXPECT_TRUE(d->resources.empty());
}

}  // namespace
}  // namespace openlim::agent
