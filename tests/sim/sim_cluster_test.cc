// The simulated cluster under faults (docs/simulation.md): a fixed set of seeds, each a
// scenario of crashes, restarts with damaged files, partitions and loss, with the
// invariants checked after every event. A failure prints the seed and its trace; replay it
// with `openlim-sim --seed S`.
#include <gtest/gtest.h>

#include <cstdio>
#include <initializer_list>

#include "sim_failover.h"
#include "sim_scenario.h"

namespace openlim::sim {
namespace {

// The fixed sets CI runs: 300 scenarios of 10 simulated minutes in available mode and 200
// in quorum mode (a few seconds each in an optimised build). openlim-sim --seeds N
// [--quorum] runs more.
constexpr uint64_t kFirstSeed = 1;
constexpr uint64_t kSeeds = 300;
constexpr uint64_t kQuorumSeeds = 200;
void expectAFixedSetKeepsTheInvariants(uint64_t seeds, bool quorum) {
  uint64_t acked = 0, crashes = 0, partitions = 0;
  for (uint64_t seed = kFirstSeed; seed < kFirstSeed + seeds; ++seed) {
    ScenarioOptions o;
    o.seed = seed;
    o.minutes = 10;
    o.shape.quorum = quorum;
    ScenarioResult r = runScenario(o);
    EXPECT_TRUE(r.ok) << r.failure << "\n"
                      << r.trace << "  replay: openlim-sim --seed " << seed
                      << (quorum ? " --quorum" : "");
    acked += r.counters.acked;
    crashes += r.crashes;
    partitions += r.partitions;
  }
  // The workload reached the masters and the faults happened.
  EXPECT_GT(acked, 10 * seeds);
  EXPECT_GT(crashes, seeds);
  EXPECT_GT(partitions, seeds / 4);
}

TEST(Seeds, AFixedSetKeepsTheInvariants) {
  expectAFixedSetKeepsTheInvariants(kSeeds, false);
}

// RESERVATION_CONSISTENCY = quorum: no over-commit is excused by a partition (only by a
// voter's destroyed files, sim_invariants.h).
TEST(Seeds, AFixedSetKeepsTheInvariantsInQuorumMode) {
  expectAFixedSetKeepsTheInvariants(kQuorumSeeds, true);
}

// Each seed's 10-minute scenario keeps every invariant (a regression's seeds).
void expectSeedsKeepTheInvariants(std::initializer_list<uint64_t> seeds, bool quorum = false) {
  for (uint64_t seed : seeds) {
    ScenarioOptions o;
    o.seed = seed;
    o.minutes = 10;
    o.shape.quorum = quorum;
    ScenarioResult r = runScenario(o);
    EXPECT_TRUE(r.ok) << "seed " << seed << ": " << r.failure << "\n" << r.trace;
  }
}

// Regressions: seeds on which the simulator finds a bug in the node when its fix is
// reverted (each checked so; the seed that first found it, in an earlier version of the
// simulator, is named in docs/simulation.md).

// A master that came back after a partition expired its stale copy of a reservation that
// the other side's master had renewed, and its unholds made every keeper forget the renewed
// copy (node_holds.cc: an ended lease now ends on each keeper's own clock, no unhold).
TEST(Seed2994, AStaleMastersExpiryDoesNotEraseARenewedCopy) {
  expectSeedsKeepTheInvariants({2994u, 4231u});
}

// A master cut off from a keeper for its whole rebuild window (the keeper's holds report
// had come before it took the role, and was dropped) never asked it after the heal, and
// lost what only that keeper kept (reserve/rebuild.h: a host first heard late is asked).
TEST(Seed824, AKeeperHeardOnlyAfterTheWindowClosedIsAskedForItsHolds) {
  expectSeedsKeepTheInvariants({824u});
}

// A renew that shortened a lease left the keepers' longer copies, which a failover brought
// back past the end the client was given; and a lease that had just ended was renewed
// before the master's sweep (refused now).
TEST(Seed2, ALeaseEndsWhenTheClientWasToldEvenAfterAFailover) {
  expectSeedsKeepTheInvariants({2u, 280u});
}

// A renew to a shorter lease: a keeper that missed it kept the longer copy, which came back
// after the lease ended and its slot was given again (a released one in seed 123, an
// expired one over a host's slots in seed 226 --quorum). reserve::Ledger::renew never
// shortens a lease now.
TEST(Seed123, ARenewNeverLeavesAKeepersCopyOutlivingTheLease) {
  expectSeedsKeepTheInvariants({123u});
  expectSeedsKeepTheInvariants({226u}, true);
}

// Quorum mode: a release not journalled by a majority in time had freed its slots in the
// master's ledger, which gave them again while the keepers still held the reservation
// (reserve/service.h holdReleases: its slots stay counted until a majority journalled it).
TEST(Seed237, AReleaseFreesItsSlotsOnlyOnceAMajorityJournalledIt) {
  expectSeedsKeepTheInvariants({237u}, true);
}

// Quorum mode: a master that died before its creation was journalled had sent the hold to
// the reserved hosts too; one reported it after a heal, over slots given since (node_quorum.cc
// sendChanges: the voters first, the other keepers once a majority journalled it).
TEST(Seed735, OnlyAMinorityOfVotersCanHoldAChangeNeverAcknowledged) {
  expectSeedsKeepTheInvariants({735u, 552u}, true);
}

// Quorum mode: a master without a majority let a stale copy's lease end and buried its id;
// the renewed copy of the majority was refused, and dropped everywhere (reserve::
// ReservationService::expire buries nothing while the ledger is being rebuilt).
TEST(Seed55, ARenewedCopyJoinsALedgerThatWasRebuilding) {
  expectSeedsKeepTheInvariants({55u}, true);
}

// Quorum mode: a master cut off from the majority kept serving its ledger as if whole; a
// holds report made it over a host's slots (node_holds.cc: it rebuilds once it hears the
// majority again, and shows "rebuilding" until then).
TEST(Seed997, AMasterWithoutAMajorityShowsItsLedgerAsRebuilding) {
  expectSeedsKeepTheInvariants({997u}, true);
}

// A master still rebuilding its ledger answered a release "not found" for a reservation
// its keepers still held (it came back), and renewed a stale copy (reserve::
// ReservationService refuses renew and release with `rebuilding` now, as it did reserve).
TEST(Seed2181, ANewMasterRenewsAndReleasesOnlyOnceItsLedgerIsWhole) {
  expectSeedsKeepTheInvariants({2181u, 5515u});
}

// Quorum mode: a creation one voter journalled for a master that died (or gave up) before a
// majority had it was left out by the next master, which gave its slots again; the copy then
// joined a later ledger (reserve/terms.h: rebuilds ordered by terms, a copy older than the
// latest adopted term counts only where that term's ledger kept it).
TEST(Seed1316, ACopyNoMajorityAcknowledgedNeverJoinsALaterLedger) {
  expectSeedsKeepTheInvariants({1316u, 1446u, 1461u, 1628u, 1709u, 1974u}, true);
}

// Quorum mode: a withdrawn creation freed its slots while a voter that missed the withdrawal
// kept the copy (a withdrawal keeps the slots until a majority journalled it, as a release).
TEST(Seed108, AWithdrawnCreationKeepsItsSlotsUntilAMajorityJournalledIt) {
  expectSeedsKeepTheInvariants({108u}, true);
}

// Quorum mode: a master cut off from the majority merged a copy of a later master's term
// into its stale ledger (a copy or a promise of a later term makes it rebuild from empty).
TEST(Seed268, AMasterThatHearsOfALaterTermRebuilds) {
  expectSeedsKeepTheInvariants({268u}, true);
}

// Quorum mode: two voters whose files were deleted or garbled made a majority that left out
// what the third kept (node_terms.cc rememberingMajority: such a rebuild waits for voters
// that remember an adopted term to be a majority, or for every voter; a voter that found its
// files garbled says so until it adopts again: seed 111).
TEST(Seed280, VotersThatLostTheirFilesDoNotMakeAMajority) {
  expectSeedsKeepTheInvariants({280u, 1589u, 111u}, true);
}

// Every live keeper of a reservation has a copy once calm (the "copies" invariant): a keeper
// that missed a hold or lost its files was left without one, for good. Now the master sends
// each change until its keeper acknowledges it and brings a keeper up to date when its holds
// report comes (node_redelivery.cc: seeds 19 and 5, a copy merged after a heal; 2830, a
// lease lengthened by a merge under the same version), a keeper takes a renewed copy after
// its own copy's lease ended (seed 93), and a lim heard from a new boot is asked for its
// holds again (reserve/rebuild.h restarted: seeds 1081 and 1958, its own report lost), five
// times at doubling gaps (seed 4354: three asks lost in one burst).
TEST(Seed1081, EveryLiveKeeperGetsItsCopyBack) {
  expectSeedsKeepTheInvariants({5u, 19u, 93u, 1081u, 1958u, 2830u, 4354u});
}

// After a split healed, a keeper's holds report to the master it followed again was lost;
// the master's window had closed long before, so it never asked, and a release journalled
// on the other side stayed back in its ledger for good (found by the calm-phase check on
// releases that came back). A report is now sent again until the master answers it
// (reserve/holds_reporter.h).
TEST(Seed4369, AReleaseFromTheOtherSideReachesTheMasterAfterTheHeal) {
  expectSeedsKeepTheInvariants({3110u, 3568u, 4347u, 4369u});
}

// Quorum mode: a new master's window outlasts the time a master on the other side of a new
// split takes to notice it lost its majority. With a window of two probe timeouts, a master
// that already held the role and regained a majority released a reservation while the old
// one still served its ledger as whole and listed it (node_holds.cc startRebuild: the
// window waits an exchange interval).
TEST(Seed2794, TwoMastersNeverServeALedgerAsWholeAtOnce) {
  expectSeedsKeepTheInvariants({1195u, 2794u}, true);
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
