// The reservation ledger on a fake clock: ownership, double release, renewal, expiry, the
// per-host totals placement reads and the per-consumer usage the quota side reads.
#include "reserve/ledger.h"

#include <gtest/gtest.h>

#include "fixture.h"

namespace openlim::reserve {
namespace {

using testing::simple;

TEST(Ledger, ReleaseOwnReservationAndSecondReleaseSaysAlreadyReleased) {
  Ledger l;
  ASSERT_TRUE(l.add(simple("m:1.1", "alice", 100)).isOk());
  auto r = l.release("m:1.1", {"alice", false});
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(r->id, "m:1.1");
  auto again = l.release("m:1.1", {"alice", false});
  ASSERT_FALSE(again.isOk());
  EXPECT_EQ(again.status().code(), Code::kNotFound);
  EXPECT_EQ(again.status().message(), "Reservation m:1.1 is already released");
  EXPECT_EQ(l.release("nope", {"alice", false}).status().message(), "Reservation nope not found");
}

// A released id is remembered as released (the holds report names it); an expired one is
// buried too, but not as a release.
TEST(Ledger, RemembersWhichIdsWereReleasedApartFromExpiredOnes) {
  Ledger l;
  ASSERT_TRUE(l.add(simple("r", "alice", 100)).isOk());
  ASSERT_TRUE(l.add(simple("e", "alice", 50)).isOk());
  EXPECT_FALSE(l.releasedHere("r"));
  ASSERT_TRUE(l.release("r", {"alice", false}).isOk());
  EXPECT_EQ(l.expire(60).size(), 1u);
  EXPECT_TRUE(l.releasedHere("r"));
  EXPECT_TRUE(l.buried("e"));
  EXPECT_FALSE(l.releasedHere("e"));
  EXPECT_FALSE(l.forgetReleased("never-held").has_value());
  EXPECT_TRUE(l.releasedHere("never-held"));
  EXPECT_EQ(l.recentlyReleased(10), (std::vector<std::string>{"never-held", "r"}));
}

TEST(Ledger, OnlyTheOwnerOrAPrivilegedCallerReleases) {
  Ledger l;
  ASSERT_TRUE(l.add(simple("m:1.1", "alice", 100)).isOk());
  auto bob = l.release("m:1.1", {"bob", false});
  ASSERT_FALSE(bob.isOk());
  EXPECT_EQ(bob.status().code(), Code::kDenied);
  EXPECT_NE(l.find("m:1.1"), nullptr);
  EXPECT_TRUE(l.release("m:1.1", {"lsfadmin", true}).isOk());
}

TEST(Ledger, LeasesExpireUnderTheGivenNowAndRenewalMovesThem) {
  Ledger l;
  ASSERT_TRUE(l.add(simple("a", "alice", 100)).isOk());
  ASSERT_TRUE(l.add(simple("b", "alice", 200)).isOk());
  EXPECT_EQ(l.nextExpiry(), 100);
  auto renewed = l.renew("a", 500, 90, {"alice", false});
  ASSERT_TRUE(renewed.isOk());
  EXPECT_EQ(renewed->expires, 590);
  EXPECT_TRUE(l.expire(199.9).empty());
  auto gone = l.expire(200);
  ASSERT_EQ(gone.size(), 1u);
  EXPECT_EQ(gone[0].id, "b");
  EXPECT_EQ(l.release("b", {"alice", false}).status().message(), "Reservation b has expired");
  EXPECT_EQ(l.expire(590).size(), 1u);
  EXPECT_EQ(l.size(), 0u);
  EXPECT_TRUE(l.usage().empty());
}

// A keeper that missed a renew keeps the lease before it; were the renew shorter, that
// stale copy would outlive the latest one and come back (found by the simulator).
TEST(Ledger, ARenewNeverShortensTheLease) {
  Ledger l;
  ASSERT_TRUE(l.add(simple("a", "alice", 600)).isOk());
  auto renewed = l.renew("a", 100, 50, {"alice", false});
  ASSERT_TRUE(renewed.isOk());
  EXPECT_EQ(renewed->expires, 600);
  EXPECT_EQ(renewed->version, 2u);
  EXPECT_EQ(l.nextExpiry(), 600);
  renewed = l.renew("a", 700, 50, {"alice", false});
  ASSERT_TRUE(renewed.isOk());
  EXPECT_EQ(renewed->expires, 750);
}

TEST(Ledger, KeepsPerHostTotalsAndPerConsumerUsage) {
  Ledger l;
  Reservation r = simple("a", "alice", 100, "hostA", 2);
  r.labels.project = "p1";
  r.labels.queue = "q";
  r.labels.pe = "mpi";
  ASSERT_TRUE(l.add(r).isOk());
  ASSERT_TRUE(l.add(simple("b", "bob", 100, "hostA", 1)).isOk());
  const HostTotal* t = l.heldOn("hostA");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->slots, 3);
  EXPECT_EQ(t->amounts.at("mem"), 300);
  EXPECT_EQ(l.usage().at({"alice", "p1", "mpi", "q", "hostA", "slots"}), 2);
  EXPECT_EQ(l.usage().at({"alice", "p1", "mpi", "q", "hostA", "mem"}), 200);
  EXPECT_EQ(l.usage().at({"bob", "", "", "", "hostA", "slots"}), 1);
  ASSERT_TRUE(l.release("a", {"alice", false}).isOk());
  EXPECT_EQ(l.heldOn("hostA")->slots, 1);
  EXPECT_EQ(l.usage().count({"alice", "p1", "mpi", "q", "hostA", "slots"}), 0u);
  ASSERT_TRUE(l.release("b", {"bob", false}).isOk());
  EXPECT_EQ(l.heldOn("hostA"), nullptr);
}

TEST(Ledger, IdsAreUniqueAndNameTheirMaster) {
  Ledger l;
  std::string a = l.newId("hostA", 1000.5), b = l.newId("hostA", 1000.5);
  EXPECT_NE(a, b);
  EXPECT_EQ(a.rfind("hostA:1000500.", 0), 0u) << a;
  EXPECT_NE(l.newId("hostB", 1000.5).find("hostB:"), std::string::npos);
}

TEST(Ledger, MergeAddsUnknownKeepsLaterExpiryAndNeverRevivesReleased) {
  Ledger l;
  EXPECT_TRUE(l.merge(simple("a", "alice", 100), 10));
  EXPECT_FALSE(l.merge(simple("a", "alice", 50), 10));
  EXPECT_EQ(l.find("a")->expires, 100);
  EXPECT_TRUE(l.merge(simple("a", "alice", 150), 10));
  EXPECT_EQ(l.find("a")->expires, 150);
  EXPECT_EQ(l.heldOn("hostA")->slots, 1);  // merged once, counted once
  ASSERT_TRUE(l.release("a", {"alice", false}).isOk());
  EXPECT_FALSE(l.merge(simple("a", "alice", 150), 10));
  EXPECT_FALSE(l.merge(simple("old", "alice", 5), 10));  // its lease ended
  EXPECT_EQ(l.size(), 0u);
}

TEST(Ledger, ALeaseThatEndedIsNotRenewedBeforeTheSweep) {
  Ledger l;
  ASSERT_TRUE(l.add(simple("a", "alice", 500)).isOk());
  auto r = l.renew("a", 100, 500.2, {"alice", false});
  ASSERT_FALSE(r.isOk());
  EXPECT_EQ(r.status().code(), Code::kNotFound);
  EXPECT_EQ(l.expire(500.5).size(), 1u);
}

TEST(Ledger, AddRefusesATakenId) {
  Ledger l;
  ASSERT_TRUE(l.add(simple("a", "alice", 100)).isOk());
  EXPECT_EQ(l.add(simple("a", "bob", 100)).code(), Code::kInvalid);
  EXPECT_EQ(l.add(simple("", "bob", 100)).code(), Code::kInvalid);
}

}  // namespace
}  // namespace openlim::reserve
