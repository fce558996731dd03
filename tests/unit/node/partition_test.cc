// RESERVATION_CONSISTENCY (docs/reservations.md "Partitions") through whole LimNodes: three
// candidates, one cut between hostA and the other two, then the heal.
#include <gtest/gtest.h>

#include "node_cluster.h"

namespace openlim::node::testing {
namespace {

bool flag(const format::Json& j, const char* key, bool otherwise) {
  const format::Json* v = j.isObject() ? j.find(key) : nullptr;
  return v && v->isBool() ? v->asBool() : otherwise;
}

const char* kReserve2 = R"({"op":"reserve","n":2,"lease":600})";

TEST(Partition, QuorumModeAdmitsOnlyWhereAMajorityIsHeardAndAnswersAfterItsJournals) {
  NodeCluster c(clusterConfig(ReservationConsistency::kQuorum));
  c.run(60);  // the candidates settle on hostA as master, and its rebuild window closes
  ASSERT_EQ(c.master("hostC"), "hostA");
  format::Json ok = c.local("hostB", kReserve2);
  ASSERT_TRUE(flag(ok, "ok", false)) << ok.compact();
  // The keepers that vote journalled it: every candidate keeps every reservation.
  const std::string id = ok.stringOr("id");
  for (const char* h : {"hostA", "hostB", "hostC"})
    EXPECT_NE(c.node(h).held().find(id), nullptr) << h;

  c.split({"hostA"});
  c.run(30);  // hostB and hostC elect hostB; hostA stays master of itself alone
  EXPECT_EQ(c.master("hostC"), "hostB");
  format::Json refused = c.local("hostA", kReserve2);
  EXPECT_EQ(refused.stringOr("code"), "noquorum") << refused.compact();
  EXPECT_NE(refused.stringOr("error").find("hears 1 of the 3"), std::string::npos)
      << refused.stringOr("error");
  // The majority side admits once hostB has the holds of a majority (its own and hostC's).
  format::Json other = c.local("hostC", kReserve2);
  EXPECT_TRUE(flag(other, "ok", false)) << other.compact();
  // Queries still work on the minority side.
  format::Json load = c.local("hostA", R"({"op":"load"})");
  EXPECT_TRUE(flag(load, "ok", false)) << load.compact();

  c.heal();
  c.run(60);
  EXPECT_EQ(c.master("hostC"), "hostA");
  const reserve::Ledger& ledger = c.node("hostA").reservations().ledger();
  EXPECT_EQ(ledger.size(), 2u);
  EXPECT_TRUE(c.node("hostA").reservations().overCommitted().empty());
}

TEST(Partition, AvailableModeAdmitsOnBothSidesAndShowsTheOverCommitAfterTheHeal) {
  NodeCluster c(clusterConfig(ReservationConsistency::kAvailable));
  c.run(60);
  c.split({"hostA"});
  c.run(30);
  // Each side fills hostA's... each side's master places on its own view: 3 hosts x 4 slots.
  int admitted = 0;
  for (int i = 0; i < 6; ++i) {
    admitted += flag(c.local("hostA", R"({"op":"reserve","n":4,"lease":600})"), "ok", false);
    admitted += flag(c.local("hostB", R"({"op":"reserve","n":4,"lease":600})"), "ok", false);
  }
  EXPECT_GT(admitted, 3);  // more than 12 slots' worth: both sides admitted
  c.heal();
  c.run(60);
  const std::string m = c.master("hostB");
  ASSERT_FALSE(m.empty());
  const auto& service = c.node(m).reservations();
  EXPECT_EQ(service.ledger().size(), static_cast<size_t>(admitted));  // every one kept
  EXPECT_FALSE(service.overCommitted().empty());
  // Nothing more is admitted while the slots are over-committed.
  EXPECT_FALSE(flag(c.local(m, R"({"op":"reserve","n":1,"lease":600})"), "ok", true));
  format::Json list = c.local(m, R"({"op":"reservations","user":"all"})");
  int marked = 0;
  for (const auto& r : list.find("reservations")->items())
    marked += flag(r, "overcommitted", false);
  EXPECT_EQ(static_cast<size_t>(marked), service.overCommitted().size());
}

}  // namespace
}  // namespace openlim::node::testing
