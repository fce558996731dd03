// Every example policy of the NLB chapter parses unchanged, each as a file of its own (some
// reuse one name), and the expression fragments it shows parse as expressions.
// The comment lines are ours; the policy lines are kept exactly as the chapter prints them.
#include <gtest/gtest.h>

#include <string>

#include "nqe_examples.h"
#include "policy/policies_file.h"

namespace openlim::policy {
namespace {

using testing::kExampleFragments;
using testing::kExamplePolicies;

TEST(NqeExamples, EveryExamplePolicyParsesUnchanged) {
  for (const char* text : kExamplePolicies) {
    PoliciesLoad l = parsePolicies(text, "example");
    EXPECT_TRUE(l.diagnostics.empty()) << text << "\n" << l.diagnostics[0].toString();
    EXPECT_FALSE(l.set.empty()) << text;
  }
}

TEST(NqeExamples, EveryExampleFragmentParses) {
  for (const char* text : kExampleFragments) {
    auto r = parseExpression(text);
    EXPECT_TRUE(r.isOk()) << text << ": " << r.status().message();
  }
}

TEST(NqeExamples, ImpliesExampleReadsAsNotAOrB) {
  auto r = parseExpression("exists(job_nastran) => exists(host_nastran)");
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ((*r)->op, ExprOp::kImplies);
  EXPECT_TRUE((*r)->a->job);
  EXPECT_FALSE((*r)->b->job);
  PoliciesLoad l = parsePolicies(kExamplePolicies[8], "example");
  ASSERT_EQ(l.set.policies().size(), 1u);
  EXPECT_EQ(toString(*l.set.policies()[0].constraints[2].root),
            "((NLB_NCPUS <= 2) => ((NLB_A_SYSCPU / NLB_NCPUS) < 20))");
}

}  // namespace
}  // namespace openlim::policy
