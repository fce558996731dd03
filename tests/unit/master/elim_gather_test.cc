#include "master/elim_gather.h"

#include <gtest/gtest.h>

namespace openlim::master {
namespace {

using format::Json;

std::vector<std::string> names(size_t n) {
  std::vector<std::string> v;
  for (size_t i = 0; i < n; ++i) v.push_back("h" + std::to_string(i));
  return v;
}

Json entry(const std::string& host) {
  Json o = Json::object();
  o.add("host", Json::string(host));
  return o;
}

TEST(ElimGather, AsksAtMostAWindowOfHostsAtOnce) {
  ElimGather g(names(100), 10);
  size_t asked = 0;
  while (g.nextToAsk()) ++asked;
  EXPECT_EQ(asked, ElimGather::kMaxInFlight);
  g.set(0, entry("h0"));  // an answer frees a place in the window
  EXPECT_EQ(g.nextToAsk(), ElimGather::kMaxInFlight);
  EXPECT_FALSE(g.nextToAsk().has_value());
}

TEST(ElimGather, SkipsHostsAlreadyAnsweredAndKeepsTheOrder) {
  ElimGather g({"a", "b", "c"}, 10);
  g.set(1, entry("b"));  // local, filled in before asking
  EXPECT_EQ(g.nextToAsk(), 0u);
  EXPECT_EQ(g.nextToAsk(), 2u);
  EXPECT_FALSE(g.nextToAsk().has_value());
  g.set(2, entry("c"));
  g.set(0, entry("a"));
  g.set(0, entry("ignored"));  // the first answer wins
  ASSERT_TRUE(g.complete());
  Json r = g.result();
  ASSERT_EQ(r.find("hosts")->items().size(), 3u);
  EXPECT_EQ(r.find("hosts")->items()[0].stringOr("host"), "a");
  EXPECT_EQ(r.find("hosts")->items()[2].stringOr("host"), "c");
  EXPECT_TRUE(r.find("ok")->asBool());
}

TEST(ElimGather, ExpiryMarksTheUnansweredDownAndSaysWhetherTheyWereAsked) {
  ElimGather g({"a", "b"}, 10);
  ASSERT_EQ(g.nextToAsk(), 0u);
  g.expire("timed out waiting for reply");
  ASSERT_TRUE(g.complete());
  Json r = g.result();
  const auto& hs = r.find("hosts")->items();
  EXPECT_EQ(hs[0].stringOr("error"), "LIM is down; try later");
  EXPECT_EQ(hs[0].stringOr("reason"), "timed out waiting for reply");
  EXPECT_NE(hs[1].stringOr("reason").find("not asked"), std::string::npos);
}

TEST(ElimGather, RemoteEntryTakesTheOtherLimsOnlyHost) {
  Json e = elimRemoteEntry("b", std::string(R"({"hosts":[{"host":"b","melim":{}}],"ok":true})"));
  EXPECT_EQ(e.stringOr("host"), "b");
  EXPECT_NE(e.find("melim"), nullptr);
}

TEST(ElimGather, RemoteEntryOfAFailureOrABadReplyIsDown) {
  for (const Result<std::string>& r :
       {Result<std::string>(Status(Code::kUnavailable, "connection refused")),
        Result<std::string>(std::string("not json")), Result<std::string>(std::string("[1]")),
        Result<std::string>(std::string(R"({"ok":false,"error":"x"})")),
        Result<std::string>(std::string(R"({"ok":true,"hosts":[]})")),
        Result<std::string>(std::string(R"({"ok":true,"hosts":[7]})"))}) {
    Json e = elimRemoteEntry("b", r);
    EXPECT_EQ(e.stringOr("error"), "LIM is down; try later");
    EXPECT_EQ(e.stringOr("host"), "b");
  }
}

TEST(ElimGather, BudgetStaysUnderHalfTheMasterTimeout) {
  ClusterParams p;
  p.exInterval = 1;
  p.masterInactivityLimit = 2;
  EXPECT_DOUBLE_EQ(elimGatherBudget(p), 1.0);
  p.exInterval = 15;
  EXPECT_DOUBLE_EQ(elimGatherBudget(p), 5.0);
}

}  // namespace
}  // namespace openlim::master
