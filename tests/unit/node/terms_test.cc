// Quorum mode's terms (reserve/terms.h) through whole LimNodes: the voters promise and adopt
// the master's term, refuse a deposed master's changes, and a copy no majority acknowledged
// never joins a later master's ledger.
#include <gtest/gtest.h>

#include "node_cluster.h"
#include "reserve/reservation_json.h"

namespace openlim::node::testing {
namespace {

// A copy `master` wrote at `term` holding 4 slots on `host`, as its hold message.
std::string holdOf(const std::string& id, const std::string& master, uint64_t term,
                   const std::string& host) {
  reserve::Reservation r;
  r.id = id;
  r.labels.user = "alice";
  r.slots.assign(4, host);
  r.hosts.push_back({host, 4, {}});
  r.created = 1.8e9;
  r.expires = 1.8e9 + 1e6;
  r.master = master;
  r.term = term;
  format::Json o = format::Json::object();
  o.add("op", format::Json::string("hold"));
  o.add("reservation", reserve::reservationJson(r));
  o.add("sender", format::Json::string(master));
  return o.compact();
}

bool sendsHeld(const Effects& fx) {
  for (const auto& d : fx.committedDatagrams)
    if (d.body.find("\"op\":\"held\"") != std::string::npos) return true;
  return false;
}

TEST(Terms, EveryVoterPromisesAndAdoptsTheMastersTermAndItsChangesCarryIt) {
  NodeCluster c(clusterConfig(ReservationConsistency::kQuorum));
  c.run(60);
  ASSERT_EQ(c.master("hostC"), "hostA");
  const uint64_t term = c.node("hostA").reservations().term();
  EXPECT_GE(term, 1u);
  for (const char* h : {"hostA", "hostB", "hostC"}) {
    EXPECT_EQ(c.node(h).voterTerm().promised, term) << h;
    EXPECT_EQ(c.node(h).voterTerm().promisedTo, "hostA") << h;
    EXPECT_EQ(c.node(h).voterTerm().adopted, term) << h;
  }
  format::Json ok = c.local("hostB", R"({"op":"reserve","n":2,"lease":600})");
  ASSERT_TRUE(ok.find("ok") && ok.find("ok")->asBool()) << ok.compact();
  const reserve::Reservation* kept = c.node("hostC").held().find(ok.stringOr("id"));
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->term, term);
}

TEST(Terms, AVoterRefusesTheChangesOfAMasterItNoLongerFollows) {
  NodeCluster c(clusterConfig(ReservationConsistency::kQuorum));
  c.run(60);
  const uint64_t first = c.node("hostA").reservations().term();
  c.split({"hostA"});
  c.run(60);  // hostB and hostC: hostB rebuilds at a later term
  ASSERT_EQ(c.master("hostC"), "hostB");
  ASSERT_GT(c.node("hostC").voterTerm().promised, first);
  ASSERT_EQ(c.node("hostC").voterTerm().promisedTo, "hostB");
  // hostA, cut off, still writes at its old term: hostC neither keeps nor acknowledges it.
  const uint64_t fencedBefore = c.node("hostC").counters().holds_fenced;
  Effects fx = c.inject("hostA", "hostC", holdOf("hostA:1.1", "hostA", first, "hostC"));
  EXPECT_EQ(c.node("hostC").held().find("hostA:1.1"), nullptr);
  EXPECT_FALSE(sendsHeld(fx));
  EXPECT_EQ(c.node("hostC").counters().holds_fenced, fencedBefore + 1);
  // hostB's own change at its term is taken and acknowledged once journalled.
  const uint64_t second = c.node("hostB").reservations().term();
  fx = c.inject("hostB", "hostC", holdOf("hostB:1.1", "hostB", second, "hostC"));
  EXPECT_NE(c.node("hostC").held().find("hostB:1.1"), nullptr);
  EXPECT_TRUE(sendsHeld(fx));
}

TEST(Terms, ACopyNoMajorityAcknowledgedNeverJoinsALaterMastersLedger) {
  NodeCluster c(clusterConfig(ReservationConsistency::kQuorum));
  c.run(60);
  format::Json acked = c.local("hostB", R"({"op":"reserve","n":1,"lease":6000})");
  ASSERT_TRUE(acked.find("ok") && acked.find("ok")->asBool()) << acked.compact();
  const std::string ackedId = acked.stringOr("id");
  c.split({"hostA"});
  c.run(60);  // hostB masters hostB and hostC at a later term
  ASSERT_EQ(c.master("hostC"), "hostB");
  // hostB's creation reached hostC alone, and hostB never heard that it did: a zombie.
  const uint64_t term = c.node("hostB").reservations().term();
  c.inject("hostB", "hostC", holdOf("hostB:9.9", "hostB", term, "hostB"));
  ASSERT_NE(c.node("hostC").held().find("hostB:9.9"), nullptr);
  // hostC is cut off while hostA and hostB rebuild without it, then heals.
  c.split({"hostC"});
  c.run(90);
  c.heal();
  c.run(90);
  const std::string m = c.master("hostC");
  ASSERT_FALSE(m.empty());
  ASSERT_FALSE(c.node(m).reservations().rebuilding(c.now().mono));
  const reserve::Ledger& ledger = c.node(m).reservations().ledger();
  EXPECT_EQ(ledger.find("hostB:9.9"), nullptr);
  EXPECT_NE(ledger.find(ackedId), nullptr);  // what was acknowledged stays
  // The adoption of the latest term made every voter drop the zombie.
  for (const char* h : {"hostA", "hostB", "hostC"}) {
    EXPECT_EQ(c.node(h).held().find("hostB:9.9"), nullptr) << h;
    EXPECT_NE(c.node(h).held().find(ackedId), nullptr) << h;
    EXPECT_EQ(c.node(h).voterTerm().adopted, c.node(m).reservations().term()) << h;
  }
}

// A voter that promised a later term to another candidate (whose rebuild began before the
// election settled) refuses the master's writes and says so; the master rebuilds at a later
// term still and acknowledges again. Unsaid, it stayed master and every change timed out.
TEST(Terms, AFencedMasterLearnsTheLaterTermAndRebuildsPastIt) {
  NodeCluster c(clusterConfig(ReservationConsistency::kQuorum));
  c.run(60);
  ASSERT_EQ(c.master("hostC"), "hostA");
  const uint64_t first = c.node("hostA").reservations().term();
  // hostB (not master) asks for hostB's and hostC's promise of a much later term.
  const std::string ask =
      R"({"op":"askholds","sender":"hostB","term":)" + std::to_string(first + 5) + "}";
  (void)c.inject("hostB", "hostC", ask);
  (void)c.inject("hostB", "hostB", ask);
  ASSERT_EQ(c.node("hostC").voterTerm().promised, first + 5);
  // hostA's next change is fenced by both; the fenced answers make it rebuild.
  (void)c.local("hostA", R"({"op":"reserve","n":1,"lease":600})");
  c.run(60);
  EXPECT_GT(c.node("hostA").reservations().term(), first + 5);
  EXPECT_GE(c.node("hostC").counters().holds_fenced, 1u);
  format::Json ok = c.local("hostB", R"({"op":"reserve","n":1,"lease":600})");
  EXPECT_TRUE(ok.find("ok") && ok.find("ok")->asBool()) << ok.compact();
}

}  // namespace
}  // namespace openlim::node::testing
