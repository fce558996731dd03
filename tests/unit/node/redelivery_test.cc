// The master sends a hold or an unhold again until the keeper acknowledges it
// (reserve/redelivery.h), through whole LimNodes: a keeper cut off while a reservation was
// made or released has it right once it is heard again, not only after the next failover.
#include <gtest/gtest.h>

#include "node_cluster.h"

namespace openlim::node::testing {
namespace {

bool ok(const format::Json& j) {
  const format::Json* v = j.isObject() ? j.find("ok") : nullptr;
  return v && v->isBool() && v->asBool();
}

TEST(Redelivery, AKeeperThatMissedAHoldGetsItAgainOnceItIsHeard) {
  NodeCluster c(clusterConfig(ReservationConsistency::kAvailable));
  c.run(60);
  ASSERT_EQ(c.master("hostC"), "hostA");
  c.split({"hostC"});  // for less than a probe: nobody takes the master role over
  format::Json made = c.local("hostB", R"({"op":"reserve","n":1,"lease":600})");
  ASSERT_TRUE(ok(made)) << made.compact();
  const std::string id = made.stringOr("id");
  ASSERT_EQ(c.node("hostC").held().find(id), nullptr);  // its hold was lost
  EXPECT_GE(c.node("hostA").redelivery().pending(), 1u);
  c.heal();
  c.run(5);
  EXPECT_NE(c.node("hostC").held().find(id), nullptr);
  EXPECT_GE(c.node("hostA").redelivery().counters().resent, 1u);
  EXPECT_EQ(c.node("hostA").redelivery().pending(), 0u);  // every keeper acknowledged

  c.split({"hostC"});
  format::Json released = c.local("hostB", R"({"op":"release","ids":[")" + id + R"("]})");
  ASSERT_TRUE(ok(released)) << released.compact();
  ASSERT_NE(c.node("hostC").held().find(id), nullptr);  // its unhold was lost
  c.heal();
  c.run(5);
  EXPECT_EQ(c.node("hostC").held().find(id), nullptr);
  EXPECT_EQ(c.node("hostA").redelivery().pending(), 0u);
}

TEST(Redelivery, NothingIsSentAgainOnceEveryKeeperAcknowledged) {
  NodeCluster c(clusterConfig(ReservationConsistency::kAvailable));
  c.run(60);
  format::Json made = c.local("hostB", R"({"op":"reserve","n":1,"lease":600})");
  ASSERT_TRUE(ok(made)) << made.compact();
  c.run(30);
  EXPECT_EQ(c.node("hostA").redelivery().pending(), 0u);
  EXPECT_EQ(c.node("hostA").redelivery().counters().resent, 0u);
  EXPECT_GE(c.node("hostA").redelivery().counters().acked, 2u);  // hostB and hostC
}

// A keeper that reports its holds once the master's window has closed (it restarted, maybe
// without its files) is sent what it should keep and did not report.
TEST(Redelivery, AKeeperWhoseReportLacksAReservationIsSentIt) {
  NodeCluster c(clusterConfig(ReservationConsistency::kAvailable));
  c.run(60);
  format::Json made = c.local("hostB", R"({"op":"reserve","n":1,"lease":600})");
  ASSERT_TRUE(ok(made)) << made.compact();
  c.run(5);
  ASSERT_EQ(c.node("hostA").redelivery().pending(), 0u);
  const uint64_t resent = c.node("hostA").redelivery().counters().resent;
  (void)c.inject("hostC", "hostA",
                 R"({"op":"holds","part":0,"parts":1,"reservations":[],"sender":"hostC"})");
  EXPECT_EQ(c.node("hostA").redelivery().pending(), 1u);  // hostC keeps every reservation
  c.run(5);
  EXPECT_EQ(c.node("hostA").redelivery().counters().resent, resent + 1);
  EXPECT_EQ(c.node("hostA").redelivery().pending(), 0u);  // hostC had it, and said so
}

// A keeper's lease ends on its own clock; a copy renewed elsewhere that comes later (the
// other side's master, a resend) is a renew it missed, and it keeps it.
TEST(Redelivery, AKeeperTakesARenewedCopyAfterItsOwnCopysLeaseEnded) {
  NodeCluster c(clusterConfig(ReservationConsistency::kAvailable));
  c.run(60);
  format::Json made = c.local("hostB", R"({"op":"reserve","n":1,"lease":30})");
  ASSERT_TRUE(ok(made)) << made.compact();
  const std::string id = made.stringOr("id");
  c.split({"hostC"});
  format::Json renewed = c.local("hostB", R"({"op":"renew","id":")" + id + R"(","lease":600})");
  ASSERT_TRUE(ok(renewed)) << renewed.compact();
  c.run(35);  // hostC, cut off, hears none of hostA's resends; its copy's lease ends
  ASSERT_EQ(c.node("hostC").held().find(id), nullptr);
  c.heal();
  c.run(20);
  const reserve::Reservation* kept = c.node("hostC").held().find(id);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->version, 2u);
}

}  // namespace
}  // namespace openlim::node::testing
