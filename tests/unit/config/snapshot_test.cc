// ConfigSnapshot lookups: indexed after loading, still right on hand-built or edited copies.
#include <gtest/gtest.h>

#include "openlim/config.h"

namespace openlim {
namespace {

ConfigSnapshot handBuilt() {
  ConfigSnapshot s;
  s.hosts.push_back(HostConfig{.name = "hostA", .model = "M"});
  s.hosts.push_back(HostConfig{.name = "hostB", .model = "!"});
  s.models.push_back(HostModel{"M", 150, "", 1});
  s.resources.push_back(ResourceDef{.name = "r1m"});
  s.resources.push_back(ResourceDef{.name = "nio", .dynamic = true});
  s.perHostResources["nio"] = {"hostA"};
  s.addresses.push_back(HostAddress{"127.0.0.11", "hostA", {"a"}, 1});
  return s;
}

TEST(Snapshot, LookupsWorkWithoutIndexes) {
  ConfigSnapshot s = handBuilt();
  EXPECT_EQ(s.findHost("HOSTB"), &s.hosts[1]);
  EXPECT_EQ(s.findHost("hostC"), nullptr);
  EXPECT_EQ(s.resourceIndex("nio"), 1);
  EXPECT_EQ(s.findResource("NIO"), nullptr);  // resource names are case-sensitive
  EXPECT_EQ(s.findAddress("A")->ip, "127.0.0.11");
  EXPECT_DOUBLE_EQ(s.maxCpuFactor(), 150);
  EXPECT_EQ(s.perHostExternalResources("hosta"), std::vector<std::string>{"nio"});
  EXPECT_TRUE(s.perHostExternalResources("hostB").empty());
}

TEST(Snapshot, IndexedLookupsAndStaleIndexesFallBack) {
  ConfigSnapshot s = handBuilt();
  s.buildIndexes();
  EXPECT_EQ(s.findHost("hosta"), &s.hosts[0]);
  EXPECT_EQ(s.resourceIndex("r1m"), 0);
  s.hosts[0].name = "renamed";  // same size, stale index
  s.resources[0].name = "r15s";
  EXPECT_EQ(s.findHost("hostA"), nullptr);  // a stale hit is checked and not trusted
  EXPECT_EQ(s.resourceIndex("r1m"), -1);
  s.buildIndexes();  // after edits, as documented in config.h
  EXPECT_EQ(s.findHost("renamed"), &s.hosts[0]);
  EXPECT_EQ(s.resourceIndex("r15s"), 0);
}

}  // namespace
}  // namespace openlim
