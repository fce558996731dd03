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

TEST(HostStatusName, MatchesLsfWords) {
  EXPECT_STREQ(hostStatusName(HostStatus::kLockU), "lockU");
  EXPECT_STREQ(hostStatusName(HostStatus::kUnavail), "unavail");
}

}  // namespace
}  // namespace openlim
