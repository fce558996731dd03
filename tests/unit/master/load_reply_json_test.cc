// The hosts reply: a host's lsf.attributes values travel as "site" (not in "resources"), the
// uname strings its lim reported as "nlb"; hosts without them carry neither member.
#include <gtest/gtest.h>

#include "config/derived_resources.h"
#include "format/json.h"
#include "generic_cluster.h"
#include "master/load_table.h"
#include "master/query_reply_json.h"
#include "master/query_service.h"

namespace openlim::master {
namespace {

std::shared_ptr<ConfigSnapshot> makeConfig() {
  auto c = testing::genericHosts({"hostA", "hostB"});
  c->clusterName = "test";
  c->resources.push_back({.name = "norm", .type = ResourceType::kNumeric});
  c->resources.push_back({.name = "apps", .type = ResourceType::kString});
  c->resources.push_back({.name = "cs", .type = ResourceType::kBoolean});
  c->resources.push_back({.name = "bench", .type = ResourceType::kBoolean});
  HostConfig& a = c->hosts[0];
  a.booleans = {"cs", "bench"};  // cs from the Host section, bench from lsf.attributes
  a.numbers["norm"] = 8;
  a.strings["apps"] = "UniChem dbase";
  a.siteAttributes = {"norm", "apps", "bench"};
  c->hosts[1].numbers["norm"] = 2;  // the Host section's: a RESOURCES entry
  std::vector<Diagnostic> diags;
  config::DiagSink sink("lsf.shared", &diags);
  config::addDerivedResources(c.get(), sink);
  c->buildIndexes();
  return c;
}

TEST(HostsReplyJson, SiteAttributesAndNlbStringsTravelApartFromResources) {
  LoadTable t(makeConfig());
  protocol::LoadReport r{.host = "hostB"};
  r.strings = {{"NLB_OSNAME", "Linux"}, {"NLB_HARDWARE", "x86_64"}};
  t.ingest(r, 1000);
  QueryContext ctx{.table = t.snapshot(1001), .master = "hostA", .loadTable = &t, .now = 1001};
  auto reply = answerHosts(HostsRequest{}, ctx);
  ASSERT_TRUE(reply);
  auto json = format::parseJson(hostsReplyJson(*reply));
  ASSERT_TRUE(json) << hostsReplyJson(*reply);
  const auto& hosts = json->find("hosts")->items();
  ASSERT_EQ(hosts.size(), 2u);
  const format::Json& a = hosts[0];
  ASSERT_EQ(a.find("resources")->items().size(), 1u);  // bench is a site attribute
  EXPECT_EQ(a.find("resources")->items()[0].asString(), "cs");
  const format::Json* site = a.find("site");
  ASSERT_NE(site, nullptr);
  ASSERT_EQ(site->members().size(), 3u);
  EXPECT_EQ(site->members()[0].first, "norm");  // file order
  EXPECT_EQ(site->find("norm")->asNumber(), 8);
  EXPECT_EQ(site->find("apps")->asString(), "UniChem dbase");
  EXPECT_EQ(site->find("bench")->asNumber(), 1);
  EXPECT_EQ(a.find("nlb"), nullptr);
  const format::Json& b = hosts[1];
  EXPECT_EQ(b.find("site"), nullptr);
  EXPECT_EQ(b.find("resources")->items().size(), 1u);  // norm=2
  const format::Json* nlb = b.find("nlb");
  ASSERT_NE(nlb, nullptr);
  EXPECT_EQ(nlb->find("NLB_HARDWARE")->asString(), "x86_64");
  EXPECT_EQ(nlb->find("NLB_OSNAME")->asString(), "Linux");
  EXPECT_EQ(nlb->find("NLB_RELEASE"), nullptr);
}

}  // namespace
}  // namespace openlim::master
