// The sample conf/lsf.quotas reads without a diagnostic against the sample cluster, and its
// rules do what their comments say.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "quota/quota_state.h"
#include "quota/quotas_file.h"
#include "quota_fixture.h"

namespace openlim::quota {
namespace {

TEST(SampleConf, QuotasFileIsCleanAgainstTheSampleCluster) {
  std::string dir = std::string(OPENLIM_SOURCE_DIR) + "/conf";
  ConfigLoad cluster = loadConfig(
      dir, [](const std::string&) -> std::optional<std::string> { return std::nullopt; });
  ASSERT_TRUE(cluster.snapshot) << (cluster.diagnostics.empty()
                                        ? ""
                                        : cluster.diagnostics[0].toString());
  for (const Diagnostic& d : cluster.diagnostics) ADD_FAILURE() << d.toString();
  const HostGroup* linux = cluster.snapshot->findHostGroup("linux");
  ASSERT_NE(linux, nullptr);
  EXPECT_EQ(linux->hosts.size(), 3u);

  std::ifstream in(dir + "/lsf.quotas");
  std::stringstream text;
  text << in.rdbuf();
  testing::FakeUsers users;
  users.users.push_back("root");
  QuotasLoad l = loadQuotas(text.str(), "lsf.quotas", *cluster.snapshot, &users);
  for (const Diagnostic& d : l.diagnostics) ADD_FAILURE() << d.toString();
  ASSERT_EQ(l.config.sets.size(), 4u);

  QuotaState s(std::make_shared<const QuotaConfig>(std::move(l.config)));
  auto fourCpus = [](const std::string&, const std::string&) { return std::optional<double>(4); };
  Consumer alice{"alice", {}, "apollo", "", ""};
  Admission a(s, alice, policy::Period::kPrime, fourCpus);
  EXPECT_TRUE(a.check(HostTake{"hostA", 8, {}}).admitted);
  EXPECT_EQ(a.check(HostTake{"hostA", 9, {}}).message(),
            "cannot run on host \"hostA\" because it exceeds limit \"per_user/per_host\" (slots "
            "0/8 for user alice, host hostA)");
  EXPECT_TRUE(a.checkShared({Amount{"licenses", 2}, Amount{"fluent", 5}}).admitted);
  EXPECT_EQ(a.checkShared({Amount{"licenses", 3}}).message(),
            "cannot run on cluster because it exceeds limit \"licenses/1\" (licenses 0/2 for user "
            "alice)");
  EXPECT_EQ(a.checkShared({Amount{"fluent", 6}}).message(),
            "cannot run on cluster because it exceeds limit \"fluent/1\" (fluent 0/5 for users "
            "!root)");
  Admission admin(s, Consumer{"root", {}, "", "", ""}, policy::Period::kPrime, fourCpus);
  EXPECT_TRUE(admin.checkShared({Amount{"fluent", 6}}).admitted);
}

}  // namespace
}  // namespace openlim::quota
