// The simulated cluster under faults (docs/simulation.md): a fixed set of seeds, each a
// scenario of crashes, restarts with damaged files, partitions and loss, with the
// invariants checked after every event. A failure prints the seed and its trace; replay it
// with `openlim-sim --seed S`.
#include <gtest/gtest.h>

#include "sim_failover.h"
#include "sim_scenario.h"

namespace openlim::sim {
namespace {

constexpr uint64_t kFirstSeed = 1;
constexpr uint64_t kSeeds = 24;

class Seeds : public ::testing::TestWithParam<uint64_t> {};

TEST_P(Seeds, KeepTheInvariants) {
  ScenarioOptions o;
  o.seed = GetParam();
  o.minutes = 10;
  ScenarioResult r = runScenario(o);
  EXPECT_TRUE(r.ok) << r.failure << "\n" << r.trace;
  EXPECT_GT(r.counters.acked, 0u);  // the workload did reach a master
}

INSTANTIATE_TEST_SUITE_P(Fixed, Seeds, ::testing::Range(kFirstSeed, kFirstSeed + kSeeds));

// Regressions: seeds on which the simulator found a bug in the node, fixed since.

// A master restarted from a stale copy expired a reservation that another master had
// renewed (and acknowledged) while it was down; the keeper's renewed copy was refused as
// expired (reserve::Ledger::merge), and the reservation lost.
TEST(Seed94, ARenewalSurvivesAMasterRestartedWithAStaleCopy) {
  ScenarioOptions o;
  o.seed = 94;
  o.minutes = 10;
  ScenarioResult r = runScenario(o);
  EXPECT_TRUE(r.ok) << r.failure << "\n" << r.trace;
}

// A master that came back after a partition expired its stale copy of a reservation that
// the other side's master had renewed, and its unholds made every keeper forget the renewed
// copy (node_holds.cc: an ended lease now ends on each keeper's own clock, no unhold).
TEST(Seed793, AStaleMastersExpiryDoesNotEraseARenewedCopy) {
  ScenarioOptions o;
  o.seed = 793;
  o.minutes = 10;
  ScenarioResult r = runScenario(o);
  EXPECT_TRUE(r.ok) << r.failure << "\n" << r.trace;
}

// A master cut off from a keeper for its whole rebuild window (the keeper's holds report
// had come before it took the role, and was dropped) never asked it after the heal, and
// lost what only that keeper kept (reserve/rebuild.h: a host first heard late is asked).
TEST(Seed1727, AKeeperHeardOnlyAfterTheWindowClosedIsAskedForItsHolds) {
  for (uint64_t seed : {1727u, 824u}) {
    ScenarioOptions o;
    o.seed = seed;
    o.minutes = 10;
    ScenarioResult r = runScenario(o);
    EXPECT_TRUE(r.ok) << r.failure << "\n" << r.trace;
  }
}

// A renew that shortened a lease left the keepers' longer copies, which a failover brought
// back past the end the client was given (reserve::Ledger::renew never shortens now); and
// a lease that had just ended was renewed before the master's sweep (refused now).
TEST(Seed2, ALeaseEndsWhenTheClientWasToldEvenAfterAFailover) {
  for (uint64_t seed : {2u, 280u}) {
    ScenarioOptions o;
    o.seed = seed;
    o.minutes = 10;
    ScenarioResult r = runScenario(o);
    EXPECT_TRUE(r.ok) << r.failure << "\n" << r.trace;
  }
}

TEST(Scenario, ReplaysExactlyFromItsSeed) {
  ScenarioOptions o;
  o.seed = 3;
  o.minutes = 5;
  o.verbose = true;
  ScenarioResult a = runScenario(o), b = runScenario(o);
  EXPECT_EQ(a.events, b.events);
  EXPECT_EQ(a.trace, b.trace);
  EXPECT_EQ(a.counters.acked, b.counters.acked);
}

TEST(Failover, ANewMasterAnswersAndAdmitsAfterTheMasterDies) {
  FailoverTimes t = measureFailover(1, 0, {});
  EXPECT_GT(t.queries, 0);
  EXPECT_GT(t.reserve, 0);
  EXPECT_GE(t.reserve, t.queries);
}

}  // namespace
}  // namespace openlim::sim
