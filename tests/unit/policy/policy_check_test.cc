// Names read by policies but defined nowhere.
#include "policy/policy_check.h"

#include <gtest/gtest.h>

namespace openlim::policy {
namespace {

TEST(PolicyCheck, ReportsEachUndefinedNameOnceWithItsFirstUse) {
  PolicySet set = parsePolicies(
                      "policy: a\nconstraint: age < 300 && exists(job_nastran)\n"
                      "constraint: NLB_SITE_CPUNORM > 1 && typo_name > 2\nsort: r1m * ncpus\n"
                      "policy: b\nsort: TYPO_NAME + other\n",
                      "lsf.policies")
                      .set;
  AttributesLoad attrs = parseAttributes("object NLB (h) { nlb_site_cpunorm = 1; }", "a");
  auto missing = undefinedAttributes(set, attrs, {"R1M"});
  ASSERT_EQ(missing.size(), 3u);
  EXPECT_EQ(missing[0].name, "TYPO_NAME");
  EXPECT_EQ(missing[0].policy, "a");
  EXPECT_EQ(missing[0].line, 3);
  EXPECT_EQ(missing[1].name, "NCPUS");
  EXPECT_EQ(missing[1].line, 4);
  EXPECT_EQ(missing[2].name, "OTHER");
  EXPECT_EQ(missing[2].policy, "b");
}

TEST(PolicyCheck, NothingMissingWhenEverythingIsKnown) {
  PolicySet set = parsePolicies("policy: a\nsort: x + job_y + AGE\n", "p").set;
  EXPECT_TRUE(undefinedAttributes(set, AttributesLoad{}, {"X"}).empty());
}

}  // namespace
}  // namespace openlim::policy
