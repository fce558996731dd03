// LoadTable: the averaged indices (A_<index>, NLB_A_<X>) in the published snapshot.
#include <gtest/gtest.h>

#include <cmath>

#include "config/builtins.h"
#include "config/derived_resources.h"
#include "generic_cluster.h"
#include "master/load_table.h"
#include "master/query_reply_json.h"
#include "master/query_service.h"

namespace openlim::master {
namespace {

std::shared_ptr<ConfigSnapshot> makeConfig(double window = 120) {
  auto c = testing::genericHosts({"hostA", "hostB"});
  c->clusterName = "test";
  c->resources.push_back(testing::dynamicNumeric("nio", Direction::kIncreasing));
  c->resources.push_back(testing::dynamicNumeric("scratch", Direction::kDecreasing, true));
  c->instances.push_back({.resource = "scratch", .hosts = {"hostA", "hostB"}});
  c->perHostResources["nio"] = {"hostA", "hostB"};
  c->params.exInterval = 15;
  c->params.hostInactivityLimit = 3;
  c->params.policyAverageWindow = window;
  std::vector<Diagnostic> diags;
  config::DiagSink sink("lsf.shared", &diags);
  config::addDerivedResources(c.get(), sink);
  EXPECT_TRUE(diags.empty());
  return c;
}

protocol::LoadReport report(const std::string& host, double ut, double nio) {
  return protocol::LoadReport{
      .host = host, .numbers = {{"ut", ut, NAN}, {"nio", nio, 0}, {"NLB_SYSCPU", ut * 10, NAN}}};
}

double value(LoadTable& t, double now, size_t row, const std::string& name) {
  return t.snapshot(now)->number(row, name);
}

TEST(LoadTableAverages, AveragesFollowReportsUnderTheirNames) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 0.5, 4), 1000);
  EXPECT_TRUE(std::isnan(value(t, 1000, 0, "A_ut")));  // one report: no interval yet
  t.ingest(report("hostA", 0.1, 4), 1015);
  EXPECT_DOUBLE_EQ(value(t, 1015, 0, "ut"), 0.1);
  EXPECT_NEAR(value(t, 1015, 0, "A_ut"), 0.5, 1e-6);  // 0.5 held over [1000, 1015]
  t.ingest(report("hostA", 0.1, 4), 1030);
  EXPECT_NEAR(value(t, 1030, 0, "A_ut"), 0.3, 1e-6);
  EXPECT_NEAR(value(t, 1030, 0, "A_nio"), 4, 1e-6);
  EXPECT_NEAR(value(t, 1030, 0, "NLB_A_SYSCPU"), 3, 1e-5);
  EXPECT_TRUE(std::isnan(value(t, 1030, 1, "A_ut")));  // hostB never reported
}

TEST(LoadTableAverages, AReportCannotSetAnAverage) {
  LoadTable t(makeConfig());
  protocol::LoadReport r = report("hostA", 0.5, 4);
  r.numbers.push_back({"A_ut", 9, NAN});
  t.ingest(r, 1000);
  t.ingest(report("hostA", 0.5, 4), 1015);
  EXPECT_NEAR(value(t, 1015, 0, "A_ut"), 0.5, 1e-6);
  EXPECT_EQ(t.counters().unknownNames, 1u);
}

TEST(LoadTableAverages, UnknownWhileTheHostIsDownAndTheGapDoesNotCount) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 0.9, 4), 1000);
  t.ingest(report("hostA", 0.9, 4), 1015);
  EXPECT_TRUE(std::isnan(value(t, 1100, 0, "A_ut")));  // 85 s > 3 x 15: unavail
  t.ingest(report("hostA", 0.2, 4), 2000);             // back after a long gap
  t.ingest(report("hostA", 0.2, 4), 2015);
  EXPECT_NEAR(value(t, 2015, 0, "A_ut"), 0.2, 1e-6);
}

TEST(LoadTableAverages, ASharedValuesAverageIsItsServersForEveryHostOfTheInstance) {
  LoadTable t(makeConfig());
  t.setServers({"hostB"});
  protocol::LoadReport r{.host = "hostB", .numbers = {{"scratch", 100, 0}}};
  for (double at = 840; at <= 1020; at += 15) {  // 100 over [840, 960), then 300
    r.numbers[0].value = at < 960 ? 100 : 300;
    t.ingest(r, at);
  }
  EXPECT_NEAR(value(t, 1020, 0, "A_scratch"), 200, 1e-4);
  EXPECT_NEAR(value(t, 1020, 1, "A_scratch"), 200, 1e-4);
}

TEST(LoadTableAverages, AReconfigKeepsAveragesAndAWindowChangeKeepsTheirMeans) {
  LoadTable t(makeConfig(120));
  for (double at = 960; at <= 1080; at += 15) t.ingest(report("hostA", at < 1020 ? 0 : 1, 4), at);
  const double before = value(t, 1080, 0, "A_ut");
  ASSERT_FALSE(std::isnan(before));
  t.reconfigure(makeConfig(120));
  EXPECT_NEAR(value(t, 1080, 0, "A_ut"), before, 1e-6);
  t.reconfigure(makeConfig(600));
  EXPECT_NEAR(value(t, 1080, 0, "A_ut"), before, 1e-4);
  for (double at = 1095; at <= 2400; at += 15) t.ingest(report("hostA", 1, 4), at);
  EXPECT_NEAR(value(t, 2400, 0, "A_ut"), 1, 1e-4);
}

TEST(LoadTableAverages, AConfigWithoutAveragesWorksAsBefore) {
  auto c = std::make_shared<ConfigSnapshot>();
  c->resources = config::builtinResources();
  c->hosts.push_back({.name = "hostA", .model = "!", .type = "!"});
  LoadTable t(c);
  t.ingest(report("hostA", 0.5, 4), 1000);
  EXPECT_DOUBLE_EQ(value(t, 1000, 0, "ut"), 0.5);
}

TEST(LoadTableAverages, TheLoadReplyCarriesThemAndTheAgeOnlyWhenAsked) {
  LoadTable t(makeConfig());
  t.ingest(report("hostA", 0.5, 4), 1000);
  t.ingest(report("hostA", 0.5, 4), 1015);
  QueryContext ctx{.table = t.snapshot(1020), .master = "hostA", .loadTable = &t, .now = 1020};
  auto plain = answerLoad(LoadRequest{}, ctx);
  ASSERT_TRUE(plain);
  std::string text = loadReplyJson(*plain);
  EXPECT_EQ(text.find("A_ut"), std::string::npos);
  EXPECT_EQ(text.find("\"age\""), std::string::npos);
  auto full = answerLoad(LoadRequest{.derived = true}, ctx);
  ASSERT_TRUE(full);
  text = loadReplyJson(*full);
  EXPECT_NE(text.find("\"A_ut\":0.5"), std::string::npos) << text;
  EXPECT_NE(text.find("\"NLB_A_SYSCPU\":5"), std::string::npos) << text;
  EXPECT_NE(text.find("\"age\":5"), std::string::npos) << text;  // hostA: 1020 - 1015
}

}  // namespace
}  // namespace openlim::master
