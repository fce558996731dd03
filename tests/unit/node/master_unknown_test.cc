// A lim that knows no master yet (the election has not settled) answers the ops only a master
// answers with code "unavailable" and subcode "masterunknown", so that a client can tell it
// from a lim that is down (LSF's LSE_MASTR_UNKNW, not LSE_LIM_DOWN; docs/protocol.md).
#include <gtest/gtest.h>

#include "node_cluster.h"

namespace openlim::node::testing {
namespace {

// The reply's "ok" (false when absent or not a boolean).
bool okOf(const format::Json& reply) {
  const format::Json* ok = reply.isObject() ? reply.find("ok") : nullptr;
  return ok != nullptr && ok->isBool() && ok->asBool();
}

TEST(MasterUnknown, QueriesAndReservationsBeforeAnElectionAreCodedMasterUnknown) {
  NodeCluster c(clusterConfig(ReservationConsistency::kQuorum));
  ASSERT_EQ(c.master("hostB"), "");  // no clock has run: nobody has taken the role
  for (const char* body : {R"({"op":"load"})", R"({"op":"reserve","n":1,"lease":60})"}) {
    format::Json reply = c.local("hostB", body, 0);
    EXPECT_FALSE(okOf(reply)) << reply.compact();
    EXPECT_EQ(reply.stringOr("code"), "unavailable") << body;
    EXPECT_EQ(reply.stringOr("subcode"), "masterunknown") << body;
  }
  // A lim's own ops need no master: answered as ever.
  format::Json id = c.local("hostB", R"({"op":"id"})", 0);
  EXPECT_TRUE(okOf(id)) << id.compact();
  // Once a master is known, hostB sends the same query there, and the master answers it.
  c.run(60);
  const std::string master = c.master("hostB");
  ASSERT_NE(master, "");
  ASSERT_NE(master, "hostB");
  format::Json redirected = c.local("hostB", R"({"op":"load"})");
  EXPECT_EQ(redirected.stringOr("redirect"), master) << redirected.compact();
  EXPECT_EQ(redirected.find("code"), nullptr);
  format::Json load = c.local(master, R"({"op":"load"})");
  EXPECT_TRUE(okOf(load)) << load.compact();
}

}  // namespace
}  // namespace openlim::node::testing
