// A keeper's holds report is answered by the master (`gotholds`) and sent again until it is
// (reserve/holds_reporter.h), through whole LimNodes: after a split heals, what one side
// released reaches the other side's master even when the first report is lost.
#include <gtest/gtest.h>

#include "node_cluster.h"

namespace openlim::node::testing {
namespace {

bool ok(const format::Json& j) {
  const format::Json* v = j.isObject() ? j.find("ok") : nullptr;
  return v && v->isBool() && v->asBool();
}

bool isHoldsReport(const Datagram& d) {
  return d.body.find(R"("op":"holds")") != std::string::npos;
}

TEST(HoldsReport, AReleaseOnTheOtherSideOfASplitReachesTheMasterThoughItsFirstReportIsLost) {
  NodeCluster c(clusterConfig(ReservationConsistency::kAvailable));
  c.run(60);
  ASSERT_EQ(c.master("hostC"), "hostA");
  format::Json made = c.local("hostB", R"({"op":"reserve","n":1,"lease":3600})");
  ASSERT_TRUE(ok(made)) << made.compact();
  const std::string id = made.stringOr("id");
  c.run(5);
  ASSERT_NE(c.node("hostC").held().find(id), nullptr);

  c.split({"hostC"});  // hostC plays master on its side, and its user releases there
  c.run(120);
  ASSERT_EQ(c.master("hostC"), "hostC");
  format::Json released = c.local("hostC", R"({"op":"release","ids":[")" + id + R"("]})");
  ASSERT_TRUE(ok(released)) << released.compact();
  ASSERT_NE(c.node("hostA").reservations().ledger().find(id), nullptr);

  int lost = 0;
  c.lose = [&](const std::string& from, const Datagram& d) {
    if (from != "hostC" || d.to != "hostA" || !isHoldsReport(d) || lost > 0) return false;
    ++lost;
    return true;
  };
  c.heal();
  c.run(60);
  ASSERT_EQ(c.master("hostC"), "hostA");
  EXPECT_EQ(lost, 1);
  EXPECT_GE(c.node("hostC").counters().holds_reports_resent, 1u);
  EXPECT_EQ(c.node("hostA").reservations().ledger().find(id), nullptr);
  EXPECT_EQ(c.node("hostB").held().find(id), nullptr);  // told to forget it
}

// A report that reached a lim not yet master went unanswered and goes again; once answered,
// nothing more goes (a quiet cluster sends no holds traffic).
TEST(HoldsReport, AnAnsweredReportIsNotSentAgain) {
  NodeCluster c(clusterConfig(ReservationConsistency::kAvailable));
  c.run(120);
  const uint64_t reportsB = c.node("hostB").counters().holds_reports;
  const uint64_t reportsC = c.node("hostC").counters().holds_reports;
  EXPECT_GE(reportsB, 1u);
  EXPECT_GE(reportsC, 1u);
  c.run(600);
  EXPECT_EQ(c.node("hostB").counters().holds_reports, reportsB);
  EXPECT_EQ(c.node("hostC").counters().holds_reports, reportsC);
}

// An answer out of range, of the wrong type or from a lim that is not the master changes
// nothing: the report still goes again.
TEST(HoldsReport, AMalformedOrForeignAnswerIsIgnored) {
  NodeCluster c(clusterConfig(ReservationConsistency::kAvailable));
  c.lose = [](const std::string&, const Datagram& d) {
    return d.body.find(R"("op":"gotholds")") != std::string::npos;  // every answer lost
  };
  c.run(20);
  ASSERT_EQ(c.master("hostB"), "hostA");
  const std::pair<const char*, const char*> answers[] = {
      {"hostA", R"({"op":"gotholds","part":"0","parts":1,"sender":"hostA"})"},
      {"hostA", R"({"op":"gotholds","part":1,"parts":1,"sender":"hostA"})"},
      {"hostA", R"({"op":"gotholds","part":-1,"parts":1,"sender":"hostA"})"},
      {"hostA", R"({"op":"gotholds","parts":1,"sender":"hostA"})"},
      {"hostC", R"({"op":"gotholds","part":0,"parts":1,"sender":"hostC"})"}};
  for (const auto& [from, body] : answers) (void)c.inject(from, "hostB", body);
  const uint64_t resent = c.node("hostB").counters().holds_reports_resent;
  c.run(60);
  EXPECT_GT(c.node("hostB").counters().holds_reports_resent, resent);
}

}  // namespace
}  // namespace openlim::node::testing
