// lsplace's options go through the one option parser: grouped flags with an attached value,
// long words, and the checks between -n and -w.
#include <gtest/gtest.h>

#include "lsplace_options.h"

namespace openlim::cmd {
namespace {

TEST(LsplaceOptions, GroupedFlagsAndAttachedValues) {
  auto o = parseLsplaceArgs({"-Ln2", "-w4", "-Rselect[cs]", "hostA", "--explain", "-json"});
  ASSERT_TRUE(o.isOk()) << o.status().message();
  EXPECT_TRUE(o->place.fewestHosts);
  EXPECT_EQ(o->place.minSlots, 2);
  EXPECT_EQ(o->place.maxSlots, 4);
  EXPECT_EQ(o->resreq, "select[cs]");
  EXPECT_TRUE(o->place.explain);
  EXPECT_TRUE(o->json);
  EXPECT_EQ(o->place.candidates, std::vector<std::string>{"hostA"});
}

TEST(LsplaceOptions, FromTakesAValueEitherWay) {
  EXPECT_EQ(parseLsplaceArgs({"--from", "a.json"})->from, "a.json");
  EXPECT_EQ(parseLsplaceArgs({"--from=b.json"})->from, "b.json");
  EXPECT_TRUE(parseLsplaceArgs({"--json"})->json);
  EXPECT_EQ(parseLsplaceArgs({"--", "-n"})->place.candidates, std::vector<std::string>{"-n"});
}

TEST(LsplaceOptions, AtMostFewerThanAtLeastIsAUsageError) {
  auto o = parseLsplaceArgs({"-w", "1", "-n", "3"});
  ASSERT_FALSE(o.isOk());
  EXPECT_EQ(o.status().message(), "lsplace: -w 1 is less than -n 3");
  EXPECT_TRUE(parseLsplaceArgs({"-w", "0", "-n", "3"}).isOk());  // -w 0: as many as possible
  EXPECT_TRUE(parseLsplaceArgs({"-w", "3", "-n", "0"}).isOk());  // -n 0: as many as possible
  EXPECT_TRUE(parseLsplaceArgs({"-w", "3", "-n", "3"}).isOk());
}

TEST(LsplaceOptions, MalformedValuesAreRefused) {
  EXPECT_EQ(parseLsplaceArgs({"-n", "two"}).status().message(),
            "lsplace: -n must be a non-negative number");
  EXPECT_EQ(parseLsplaceArgs({"-n"}).status().message(),
            "lsplace: option requires an argument -- 'n'");
  EXPECT_EQ(parseLsplaceArgs({"-x"}).status().message(), "lsplace: invalid option -- 'x'");
  EXPECT_FALSE(parseLsplaceArgs({"-w", "-1"}).isOk());
}

}  // namespace
}  // namespace openlim::cmd
