// Over-commit after a heal (reserve/over_commit.h): the merged ledger replayed oldest first
// names each exceeded host slot count and quota limit, and the reservations over it.
#include "reserve/over_commit.h"

#include <gtest/gtest.h>

#include "fixture.h"

namespace openlim::reserve {
namespace {

using testing::makeConfig;
using testing::quotasOf;
using testing::simple;

Reservation at(double created, const std::string& id, const std::string& user,
               const std::string& host, int slots) {
  Reservation r = simple(id, user, 1e9, host, slots);
  r.created = created;
  return r;
}

// ncpus as the fixture reports them: hostA 4, hostB 2, hostC 1; others unknown.
std::optional<int> slotsOf(const std::string& host) {
  if (host == "hostA") return 4;
  if (host == "hostB") return 2;
  if (host == "hostC") return 1;
  return std::nullopt;
}

std::vector<OverCommit> find(const Ledger& l, quota::QuotaConfigPtr q = nullptr) {
  return findOverCommits({.ledger = &l, .slots = slotsOf, .quotas = std::move(q)});
}

TEST(OverCommit, NothingOverNothingListed) {
  Ledger l;
  ASSERT_TRUE(l.add(at(1, "r1", "alice", "hostA", 4)).ok());
  ASSERT_TRUE(l.add(at(2, "r2", "bob", "hostB", 2)).ok());
  EXPECT_TRUE(find(l).empty());
}

TEST(OverCommit, AHostsSlotsNameTheLaterReservationsOverThem) {
  Ledger l;
  // Two sides of a split each admitted on hostA (4 slots): 3 + 2, then 1 more.
  ASSERT_TRUE(l.add(at(20, "side2:1", "bob", "hostA", 2)).ok());
  ASSERT_TRUE(l.add(at(10, "side1:1", "alice", "hostA", 3)).ok());
  ASSERT_TRUE(l.add(at(30, "side2:2", "carol", "hostA", 1)).ok());
  ASSERT_TRUE(l.add(at(40, "other", "dave", "hostB", 2)).ok());  // full, not over
  std::vector<OverCommit> o = find(l);
  ASSERT_EQ(o.size(), 1u);
  EXPECT_EQ(o[0].host, "hostA");
  EXPECT_EQ(o[0].limit, "slots");
  EXPECT_EQ(o[0].used, 6);
  EXPECT_EQ(o[0].allowed, 4);
  EXPECT_EQ(o[0].text, "slots 5/4 on host hostA");
  EXPECT_EQ(o[0].reservations, (std::vector<std::string>{"side2:1", "side2:2"}));
}

TEST(OverCommit, TheOldestStaysWithinTheLimitWhateverTheIdsSay) {
  Ledger l;
  ASSERT_TRUE(l.add(at(5, "zzz", "alice", "hostC", 1)).ok());
  ASSERT_TRUE(l.add(at(6, "aaa", "bob", "hostC", 1)).ok());
  std::vector<OverCommit> o = find(l);
  ASSERT_EQ(o.size(), 1u);
  EXPECT_EQ(o[0].reservations, std::vector<std::string>{"aaa"});
}

TEST(OverCommit, AHostOfUnknownSlotsIsNotChecked) {
  Ledger l;
  ASSERT_TRUE(l.add(at(1, "r1", "alice", "hostZ", 64)).ok());
  EXPECT_TRUE(find(l).empty());
  EXPECT_TRUE(findOverCommits({.ledger = &l}).empty());
}

TEST(OverCommit, AQuotaLimitNamesItsRuleAndTheReservationsOverIt) {
  auto q = quotasOf(R"({
  name max_slots_per_user
  limit users {*} to slots=2
})",
                    *makeConfig());
  Ledger l;
  ASSERT_TRUE(l.add(at(1, "a1", "alice", "hostA", 2)).ok());
  ASSERT_TRUE(l.add(at(2, "b1", "bob", "hostA", 2)).ok());    // bob's own limit
  ASSERT_TRUE(l.add(at(3, "a2", "alice", "hostB", 1)).ok());  // over: 3/2 for alice
  ASSERT_TRUE(l.add(at(4, "a3", "alice", "hostC", 1)).ok());  // over too
  std::vector<OverCommit> o = find(l, q);
  ASSERT_EQ(o.size(), 2u);  // one per host the limit was exceeded on
  EXPECT_EQ(o[0].host, "hostB");
  EXPECT_EQ(o[0].limit, "max_slots_per_user/1");
  EXPECT_EQ(o[0].allowed, 2);
  EXPECT_EQ(o[0].used, 3);
  EXPECT_NE(o[0].text.find("exceeds limit \"max_slots_per_user/1\""), std::string::npos)
      << o[0].text;
  EXPECT_EQ(o[0].reservations, std::vector<std::string>{"a2"});
  EXPECT_EQ(o[1].host, "hostC");
  EXPECT_EQ(o[1].used, 4);  // every reservation counted, the ones over it too
  EXPECT_EQ(o[1].reservations, std::vector<std::string>{"a3"});
}

TEST(OverCommit, SlotsAndQuotaAreBothReportedForTheSameReservation) {
  auto q = quotasOf(R"({
  name per_host
  limit hosts {*} to slots=1
})",
                    *makeConfig());
  Ledger l;
  ASSERT_TRUE(l.add(at(1, "r1", "alice", "hostC", 1)).ok());
  ASSERT_TRUE(l.add(at(2, "r2", "bob", "hostC", 1)).ok());
  std::vector<OverCommit> o = find(l, q);
  ASSERT_EQ(o.size(), 2u);
  EXPECT_EQ(o[0].limit, "per_host/1");
  EXPECT_EQ(o[1].limit, "slots");
  for (const auto& x : o) EXPECT_EQ(x.reservations, std::vector<std::string>{"r2"});
}

}  // namespace
}  // namespace openlim::reserve
