#include "openlim/host_table.h"

#include <gtest/gtest.h>

namespace openlim {
namespace {

TEST(StringPool, InternsEachStringOnceAndFindsIt) {
  StringPool pool;
  StringId a = pool.intern("LINUX86");
  StringId b = pool.intern("bookworm");
  EXPECT_NE(a, b);
  EXPECT_EQ(pool.intern("LINUX86"), a);
  EXPECT_EQ(pool.find("bookworm"), b);
  EXPECT_EQ(pool.find("absent"), kUnknownString);
  EXPECT_EQ(pool.get(b), "bookworm");
}

TEST(HostTable, ResizeFillsUnknownsAndRowLookupIgnoresCase) {
  auto cfg = std::make_shared<ConfigSnapshot>();
  cfg->resources.push_back({.name = "mem", .type = ResourceType::kNumeric});
  cfg->resources.push_back({.name = "cs", .type = ResourceType::kBoolean});
  HostTable t;
  t.config = cfg;
  t.columns = {Column{.type = ResourceType::kNumeric}, Column{.type = ResourceType::kBoolean}};
  t.resize(2);
  t.names = {"hostA", "hostB"};
  EXPECT_TRUE(isUnknown(t.columns[0].numbers[1]));
  EXPECT_EQ(t.columns[1].booleans[0], 0);
  EXPECT_EQ(t.row("HOSTB"), 1);
  EXPECT_EQ(t.row("hostC"), -1);
  t.columns[0].numbers[0] = 4096;
  EXPECT_EQ(t.number(0, "mem"), 4096);
  EXPECT_TRUE(isUnknown(t.number(0, "nosuch")));
}

TEST(HostTable, IndexedRowsAnswerAsTheScanDoes) {
  auto cfg = std::make_shared<ConfigSnapshot>();
  cfg->resources.push_back({.name = "cpuf", .type = ResourceType::kNumeric});
  cfg->models = {{.name = "Slow", .cpuFactor = 20}, {.name = "Fast", .cpuFactor = 60}};
  cfg->hosts = {{.name = "hostA", .model = "Slow"}, {.name = "hostB", .model = "Fast"}};
  HostTable t;
  t.config = cfg;
  t.columns = {Column{.type = ResourceType::kNumeric}};
  t.resize(3);
  t.names = {"hostA", "hostB", "Node-7"};
  t.columns[0].numbers = {20, 55, 75};
  std::vector<int> scanned;
  for (const char* h : {"hosta", "HOSTB", "node-7", "Node-7", "node-8", "", "hostA "})
    scanned.push_back(t.row(h));
  auto pairsBefore = [&] {
    std::vector<bool> out;
    for (uint32_t a = 0; a < 3; ++a)
      for (uint32_t b = 0; b < 3; ++b) out.push_back(t.nameBefore(a, b));
    return out;
  };
  std::vector<bool> byCompare = pairsBefore();
  EXPECT_DOUBLE_EQ(t.clusterMaxCpuf(0), 75);
  t.indexRows(0);
  EXPECT_EQ(t.rowIndex.size(), 3u);
  EXPECT_DOUBLE_EQ(t.maxCpuf, 75) << "the cpuf column's largest value";
  std::vector<int> indexed;
  for (const char* h : {"hosta", "HOSTB", "node-7", "Node-7", "node-8", "", "hostA "})
    indexed.push_back(t.row(h));
  EXPECT_EQ(indexed, scanned);
  EXPECT_EQ(indexed, (std::vector<int>{0, 1, 2, 2, -1, -1, -1}));
  EXPECT_EQ(t.nameRank, (std::vector<uint32_t>{1, 2, 0})) << "bytes: 'N' < 'h'";
  EXPECT_EQ(pairsBefore(), byCompare);

  t.columns[0].numbers = {20, 55, 30};  // config's Fast model (60) now the largest
  t.indexRows(0);
  EXPECT_DOUBLE_EQ(t.clusterMaxCpuf(0), 60);
  t.indexRows(-1);
  EXPECT_DOUBLE_EQ(t.maxCpuf, 60) << "no cpuf column: the config's models alone";

  t.names[2] = "HOSTA";  // a duplicate (case-insensitively): no index, the scan's first match
  t.indexRows(0);
  EXPECT_TRUE(t.rowIndex.empty());
  EXPECT_EQ(t.row("hosta"), 0);
}

TEST(HostStatusName, MatchesLsfWords) {
  EXPECT_STREQ(hostStatusName(HostStatus::kLockU), "lockU");
  EXPECT_STREQ(hostStatusName(HostStatus::kUnavail), "unavail");
}

}  // namespace
}  // namespace openlim
