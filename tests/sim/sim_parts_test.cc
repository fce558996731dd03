// The simulator's parts on their own: the network's faults and partitions, the disk's
// commit, crash and damage, and a clean cluster electing one master.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "reserve/journal.h"
#include "sim_cluster.h"
#include "sim_disk.h"
#include "sim_network.h"

namespace openlim::sim {
namespace {

TEST(SimNetwork, PartitionCutsOnlyAcrossSidesUntilHealed) {
  SimNetwork n(1);
  n.partition({{"m1", "h1"}});
  EXPECT_TRUE(n.connected("m1", "h1"));
  EXPECT_TRUE(n.connected("m2", "h2"));
  EXPECT_FALSE(n.connected("m1", "m2"));
  EXPECT_TRUE(n.datagramDelays("m1", "m2", 0).empty());
  EXPECT_FALSE(n.streamDelay("h2", "h1", 0).has_value());
  n.heal();
  EXPECT_EQ(n.datagramDelays("m1", "m2", 0).size(), 1u);
}

TEST(SimNetwork, LossAndDuplicationFollowTheirProbabilities) {
  SimNetwork n(7);
  n.setFaults({.drop = 0.3, .duplicate = 0.1});
  size_t copies = 0;
  for (int i = 0; i < 10000; ++i) copies += n.datagramDelays("a", "b", 0).size();
  EXPECT_NEAR(static_cast<double>(n.counters().dropped) / 10000, 0.3, 0.03);
  EXPECT_EQ(copies, 10000 - n.counters().dropped + n.counters().duplicated);
  EXPECT_GT(n.counters().duplicated, 0u);
}

reserve::Reservation res(const std::string& id) {
  reserve::Reservation r;
  r.id = id;
  r.labels.user = "alice";
  r.slots = {"h1"};
  r.hosts = {{"h1", 1, {}}};
  r.expires = 2e9;
  return r;
}

TEST(SimNetwork, ALinkKeepsItsOrderUnlessTheReorderFaultHoldsOneBack) {
  SimNetwork n(3);
  n.setFaults({.minLatency = 0.001, .maxLatency = 0.01});
  double last = 0;
  for (int i = 0; i < 1000; ++i) {
    const double sent = i * 0.0001, at = sent + n.datagramDelays("a", "b", sent)[0];
    EXPECT_GT(at, last);
    last = at;
  }
  n.setFaults({.minLatency = 0.001, .maxLatency = 0.01, .reorder = 0.5});
  int overtaken = 0;
  for (int i = 1000; i < 2000; ++i) {
    const double sent = i * 0.0001, at = sent + n.datagramDelays("a", "b", sent)[0];
    overtaken += at < last;
    last = std::max(last, at);
  }
  EXPECT_GT(overtaken, 0);
}

TEST(SimDisk, OnlyCommittedRecordsSurviveACrash) {
  SimDisk d("sim");
  std::mt19937_64 rng(1);
  d.append({reserve::journalPut(res("a"))});
  d.commit();
  d.append({reserve::journalPut(res("b"))});
  d.crash(Damage::kIntact, rng);
  auto f = d.load();
  ASSERT_EQ(f.records.size(), 1u);
  EXPECT_EQ(f.records[0].id, "a");
  EXPECT_TRUE(f.errors.empty());
}

TEST(SimDisk, DamageTearsGarblesOrLosesTheFiles) {
  for (Damage dmg : {Damage::kTruncated, Damage::kGarbled, Damage::kGone}) {
    SimDisk d("sim");
    std::mt19937_64 rng(3);
    for (const char* id : {"a", "b", "c", "d", "e", "f"}) d.append({reserve::journalPut(res(id))});
    d.commit();
    d.crash(dmg, rng);
    auto f = d.load();
    if (dmg == Damage::kTruncated) {
      EXPECT_TRUE(f.tornTail);  // a record being appended; the committed ones all stay
      EXPECT_EQ(f.records.size(), 6u);
    } else if (dmg == Damage::kGarbled) {
      EXPECT_LT(f.records.size(), 6u);
      EXPECT_TRUE(!f.errors.empty() || f.tornTail);
    } else {
      EXPECT_FALSE(f.journalFound);
      EXPECT_TRUE(f.records.empty());
    }
  }
}

TEST(SimCluster, ACleanClusterElectsOneMasterThatHearsEveryHost) {
  SimCluster c({}, 5);
  c.runFor(60);
  auto masters = c.masters();
  ASSERT_EQ(masters.size(), 1u);
  for (const auto& n : c.names()) {
    EXPECT_EQ(c.node(n)->election().master(), masters[0]->self()) << n;
    EXPECT_GT(masters[0]->table().lastReport(n), c.now() - 31) << n;
  }
}

TEST(SimCluster, AReserveThroughAnyLimIsAdmittedAndKeptByItsKeepers) {
  SimCluster c({}, 9);
  c.runFor(120);
  std::string reply;
  c.onClientReply = [&](const ClientReply& r) { reply = r.body; };
  c.request("h2", "alice", R"({"op":"reserve","n":2,"lease":300})");
  c.runFor(1);
  auto j = format::parseJson(reply);
  ASSERT_TRUE(j && j->find("ok") && j->find("ok")->asBool()) << reply;
  const std::string id = j->stringOr("id");
  ASSERT_EQ(c.masters().size(), 1u);
  EXPECT_TRUE(c.masters()[0]->reservations().ledger().find(id));
  EXPECT_TRUE(c.masters()[0]->held().find(id));  // the master keeps its own copy
}

}  // namespace
}  // namespace openlim::sim
