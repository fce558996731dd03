// lspolicy (nlbpolicy) options: NQE's synopsis `-a name = value`, string job attributes and
// `-s server`.
#include <gtest/gtest.h>

#include "lspolicy_options.h"

namespace openlim::cmd {
namespace {

TEST(LspolicyOptions, AttributesWithBlanksAroundTheEqualsSign) {
  auto o = parseLspolicyArgs(
      {"-p", "big", "-a", "ppmemsize", "=", "2e9", "-a", "ncpus = 4", "-a", "nastran", "-c", "2"});
  ASSERT_TRUE(o.isOk()) << o.status().message();
  ASSERT_EQ(o->job.size(), 3u);
  EXPECT_EQ(o->job[0].name, "JOB_PPMEMSIZE");
  EXPECT_DOUBLE_EQ(o->job[0].value, 2e9);
  EXPECT_EQ(o->job[1].name, "JOB_NCPUS");
  EXPECT_DOUBLE_EQ(o->job[1].value, 4);
  EXPECT_EQ(o->job[2].name, "JOB_NASTRAN");
  EXPECT_EQ(o->count, 2);
  EXPECT_FALSE(parseLspolicyArgs({"-a", "x", "=", "-1"}).isOk());
}

TEST(LspolicyOptions, TheRequestNameTravelsAsAString) {
  auto o = parseLspolicyArgs({"-a", "reqname", "=", "nightly.3", "-a", "ncpus=2"});
  ASSERT_TRUE(o.isOk()) << o.status().message();
  EXPECT_EQ(policyRequestText(*o),
            R"({"attributes":false,"explain":false,"job":{"JOB_REQNAME":"nightly.3",)"
            R"("JOB_NCPUS":2},"op":"policy","slots":1,"strict":false})");
  auto none = parseLspolicyArgs({"-a", "reqname"});
  ASSERT_FALSE(none.isOk());
  EXPECT_NE(none.status().message().find("JOB_REQNAME is a string"), std::string::npos)
      << none.status().message();
}

TEST(LspolicyOptions, ServerNamesTheLimToAsk) {
  auto o = parseLspolicyArgs({"-s", "hostB", "-p", "AGE"});
  ASSERT_TRUE(o.isOk()) << o.status().message();
  EXPECT_EQ(o->server, "hostB");
  EXPECT_EQ(parseLspolicyArgs({"-p", "AGE"})->server, "");
  EXPECT_FALSE(parseLspolicyArgs({"-s"}).isOk());
  EXPECT_FALSE(parseLspolicyArgs({"-s", ""}).isOk());
  auto both = parseLspolicyArgs({"-s", "hostB", "--from", "snap.json"});
  ASSERT_FALSE(both.isOk());
  EXPECT_NE(both.status().message().find("-s and --from"), std::string::npos);
  EXPECT_NE(lspolicyUsage().find("[-s server]"), std::string::npos);
}

}  // namespace
}  // namespace openlim::cmd
