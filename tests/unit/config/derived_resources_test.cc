// The resources openlim adds: collected NLB values, averaged indices, the window parameter.
#include "config/derived_resources.h"

#include <gtest/gtest.h>

#include "config/params.h"
#include "config_fixture.h"

namespace openlim::testing {
namespace {

std::string withParams(const std::string& params) {
  return std::string(kCluster) + "\nBegin Parameters\n" + params + "\nEnd Parameters\n";
}

TEST(DerivedResources, AveragesEveryNumericDynamicIndexAndTheDynamicNlbValues) {
  ConfigDir d;
  d.write("lsf.shared", kShared);
  d.write("lsf.cluster.test", kCluster);
  ConfigLoad l = d.load();
  ASSERT_TRUE(l.snapshot) << dump(l);
  const ConfigSnapshot& c = *l.snapshot;
  for (const char* n :
       {"A_r15s", "A_ut", "A_mem", "A_nio", "A_usr_tmp", "NLB_A_SYSCPU", "NLB_A_NUMPROC",
        "NLB_A_PSWCH", "NLB_A_IOREQS", "NLB_A_SWAPPING", "NLB_A_RUNQOCC"}) {
    const ResourceDef* r = c.findResource(n);
    ASSERT_NE(r, nullptr) << n;
    EXPECT_TRUE(r->derived && r->dynamic && r->builtin) << n;
    EXPECT_EQ(r->type, ResourceType::kNumeric);
    EXPECT_FALSE(r->averageOf.empty());
  }
  EXPECT_EQ(c.findResource("A_ut")->averageOf, "ut");
  EXPECT_EQ(c.findResource("A_mem")->direction, Direction::kDecreasing);
  EXPECT_EQ(c.findResource("NLB_A_SYSCPU")->averageOf, "NLB_SYSCPU");
  // Static values, strings and NLB_CLOCK (a static fact, as in NLB) get no average.
  EXPECT_NE(c.findResource("A_licenses"), nullptr);  // a dynamic shared value has one too
  for (const char* n : {"A_fluent", "A_osrel", "A_ncpus", "NLB_A_CLOCK"})
    EXPECT_EQ(c.findResource(n), nullptr) << n;
  EXPECT_EQ(c.findResource("NLB_HARDWARE")->type, ResourceType::kString);
  EXPECT_FALSE(c.findResource("NLB_HARDWARE")->dynamic);
  EXPECT_TRUE(c.findResource("NLB_SYSCPU")->dynamic);
  EXPECT_FALSE(c.findResource("NLB_CLOCK")->dynamic);
  // Averages come last: the master keeps reported values only for the slots before them.
  bool seenAverage = false;
  for (const auto& r : c.resources) {
    if (!r.averageOf.empty()) seenAverage = true;
    EXPECT_TRUE(!seenAverage || !r.averageOf.empty()) << r.name;
  }
  EXPECT_EQ(c.params.policyAverageWindow, 120);
}

TEST(DerivedResources, ASiteResourceTakingADerivedNameIsAnErrorAtItsLine) {
  ConfigDir d;
  std::string shared = kShared;
  std::string extra =
      "A_nio         Numeric  ()        N           (clash)\n"
      "NLB_SYSCPU    Numeric  15        Y           (clash too)\n"
      "A_other       Numeric  ()        N           (fine)\n";
  shared.insert(shared.find("End Resource"), extra);
  d.write("lsf.shared", shared);
  d.write("lsf.cluster.test", kCluster);
  ConfigLoad l = d.load();
  EXPECT_FALSE(l.snapshot);
  EXPECT_EQ(countDiag(l, "lsf.shared", lineOf(shared, "A_nio"), Severity::kError,
                      "<A_nio> is reserved: the average of <nio>"),
            1)
      << dump(l);
  EXPECT_EQ(countDiag(l, "lsf.shared", lineOf(shared, "NLB_SYSCPU"), Severity::kError,
                      "<NLB_SYSCPU> is reserved: the lim collects it"),
            1)
      << dump(l);
  EXPECT_EQ(l.errors(), 2) << dump(l);
}

TEST(DerivedResources, AClusterFileCannotMapOrSetThem) {
  ConfigDir d;
  d.write("lsf.shared", kShared);
  std::string cluster = kCluster;
  cluster.insert(cluster.find("End ResourceMap"), "A_ut          [default]\n");
  d.write("lsf.cluster.test", cluster);
  ConfigLoad l = d.load();
  EXPECT_GE(countDiag(l, "lsf.cluster.test", lineOf(cluster, "A_ut"), Severity::kWarning, "") +
                countDiag(l, "lsf.cluster.test", lineOf(cluster, "A_ut"), Severity::kError, ""),
            1)
      << dump(l);
}

TEST(DerivedResources, PolicyAverageWindowIsTypedAndRangeChecked) {
  ConfigDir d;
  d.write("lsf.shared", kShared);
  std::string cluster = withParams("POLICY_AVERAGE_WINDOW = 300");
  d.write("lsf.cluster.test", cluster);
  ConfigLoad l = d.load();
  ASSERT_TRUE(l.snapshot) << dump(l);
  EXPECT_EQ(l.snapshot->params.policyAverageWindow, 300);
  for (const char* bad : {"0", "-5", "abc", "86401"}) {
    std::string c = withParams(std::string("POLICY_AVERAGE_WINDOW = ") + bad);
    d.write("lsf.cluster.test", c);
    ConfigLoad b = d.load();
    EXPECT_FALSE(b.snapshot) << bad;
    EXPECT_EQ(countDiag(b, "lsf.cluster.test", lineOf(c, "POLICY_AVERAGE_WINDOW"), Severity::kError,
                        "bad value"),
              1)
        << bad << "\n"
        << dump(b);
  }
}

TEST(DerivedResources, AverageNames) {
  EXPECT_EQ(config::averageName("ut"), "A_ut");
  EXPECT_EQ(config::averageName("NLB_SYSCPU"), "NLB_A_SYSCPU");
  EXPECT_EQ(config::averageName("nio"), "A_nio");
}

}  // namespace
}  // namespace openlim::testing
