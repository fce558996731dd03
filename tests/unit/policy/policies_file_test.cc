// The lsf.policies reader: structure, keywords, and every malformed piece named by line.
#include "policy/policies_file.h"

#include <gtest/gtest.h>

#include <string>

namespace openlim::policy {
namespace {

std::string diagText(const PoliciesLoad& l) {
  std::string s;
  for (const Diagnostic& d : l.diagnostics)
    s += (d.severity == Severity::kError ? "E " : "W ") + d.toString() + "\n";
  return s;
}

TEST(PoliciesFile, ReadsPoliciesWithEveryKeyword) {
  auto l = parsePolicies(R"(# site policies
policy: fast
constraint: exists(NLB_QUEUE_NAME) && age < 300   # fresh hosts only
constraint: NLB_A_SYSCPU < 10
sort: NLB_A_IDLECPU * NLB_NCPUS
count: 4
when: prime

POLICY: Night
Sort: NLB_NCPUS
WHEN: Non_Prime
)",
                         "lsf.policies");
  ASSERT_EQ(l.errors(), 0) << diagText(l);
  EXPECT_TRUE(l.diagnostics.empty()) << diagText(l);
  ASSERT_EQ(l.set.policies().size(), 2u);
  const Policy& fast = l.set.policies()[0];
  EXPECT_EQ(fast.name, "fast");
  EXPECT_EQ(fast.line, 2);
  ASSERT_EQ(fast.constraints.size(), 2u);
  EXPECT_EQ(fast.constraints[0].text, "exists(NLB_QUEUE_NAME) && age < 300");
  EXPECT_EQ(fast.constraints[0].line, 3);
  EXPECT_EQ(fast.constraints[1].line, 4);
  ASSERT_EQ(fast.sorts.size(), 1u);
  EXPECT_EQ(toString(*fast.sorts[0].root), "(NLB_A_IDLECPU * NLB_NCPUS)");
  EXPECT_EQ(fast.count.all, 4);
  EXPECT_EQ(fast.when, When::kPrime);
  const Policy& night = l.set.policies()[1];
  EXPECT_EQ(night.when, When::kNonPrime);
  EXPECT_EQ(night.count.all, 0);
  EXPECT_TRUE(night.constraints.empty());
  EXPECT_EQ(l.set.first(), &fast);
  EXPECT_EQ(l.set.find("NIGHT"), &night);
  EXPECT_EQ(l.set.find("FAST"), &fast);
  EXPECT_EQ(l.set.find("nothing"), nullptr);
  EXPECT_EQ(attributesRead(l.set),
            (std::vector<std::string>{"NLB_QUEUE_NAME", "AGE", "NLB_A_SYSCPU", "NLB_A_IDLECPU",
                                      "NLB_NCPUS"}));
}

TEST(PoliciesFile, PolicyWithoutSortOrConstraintsIsValid) {
  auto l = parsePolicies(
      "policy: all_hosts\npolicy: SPARC\nconstraint: [NLB_HARDWARE == "
      "\"SPARC\"]\n",
      "p");
  ASSERT_EQ(l.errors(), 0) << diagText(l);
  ASSERT_EQ(l.set.policies().size(), 2u);
  EXPECT_TRUE(l.set.policies()[0].sorts.empty());
  EXPECT_EQ(l.set.policies()[0].when, When::kAll);
}

TEST(PoliciesFile, ContinuedLinesJoinAndKeepTheFirstLineNumber) {
  auto l = parsePolicies("policy: p\nconstraint: a > 1 &&\\\n   b < 2 \\\n  || c\nsort: a\n", "p");
  ASSERT_EQ(l.errors(), 0) << diagText(l);
  const Policy& p = l.set.policies()[0];
  ASSERT_EQ(p.constraints.size(), 1u);
  EXPECT_EQ(p.constraints[0].line, 2);
  EXPECT_EQ(toString(*p.constraints[0].root), "(((A > 1) && (B < 2)) || C)");
  EXPECT_EQ(p.sorts.at(0).line, 5);
}

TEST(PoliciesFile, HashInsideAQuotedRegexIsNotAComment) {
  auto l = parsePolicies("policy: p\nconstraint: [NLB_OSNAME == \"a#b\"] # real comment\n", "p");
  ASSERT_EQ(l.errors(), 0) << diagText(l);
  EXPECT_EQ(l.set.policies()[0].constraints[0].root->text, "a#b");
}

TEST(PoliciesFile, EmptyFileWarns) {
  auto l = parsePolicies("# nothing here\n\n", "lsf.policies");
  EXPECT_EQ(l.errors(), 0);
  EXPECT_EQ(diagText(l), "W lsf.policies: no policies defined\n");
}

struct Case {
  const char* name;
  const char* text;
  const char* expected;  // every diagnostic, one per line
};

TEST(PoliciesFile, MalformedInputIsReportedWithFileAndLine) {
  const Case kCases[] = {
      {"no colon", "policy: p\nconstraint a > 1\n",
       "E f:2: malformed line <constraint a > 1>; expected <keyword: value>\n"},
      {"blank in keyword", "policy: p\nsort order: a\n",
       "E f:2: malformed line <sort order: a>; expected <keyword: value>\n"},
      {"empty keyword", "policy: p\n: a\n",
       "E f:2: malformed line <: a>; expected <keyword: value>\n"},
      {"unknown keyword", "policy: p\nfilter: a\n",
       "E f:2: unknown keyword <filter>; expected policy, constraint, sort, count, when, band or "
       "load_balancing\n"},
      {"constraint outside", "constraint: a\npolicy: p\n",
       "E f:1: constraint: outside a policy (no <policy:> line before it)\n"},
      {"sort outside", "sort: a\npolicy: p\n",
       "E f:1: sort: outside a policy (no <policy:> line before it)\n"},
      {"count outside", "count: 1\npolicy: p\n",
       "E f:1: count: outside a policy (no <policy:> line before it)\n"},
      {"when outside", "when: prime\npolicy: p\n",
       "E f:1: when: outside a policy (no <policy:> line before it)\n"},
      {"duplicate policy", "policy: Fast\npolicy: FAST\n",
       "E f:2: policy <FAST> is already defined at line 1 (names are case-insensitive)\n"},
      {"empty name", "policy:\nsort: a\n", "E f:1: policy: empty policy name\n"},
      {"blank in name", "policy: two words\n",
       "E f:1: policy: bad policy name <two words>; use up to 64 letters, digits, '_', '.' or "
       "'-'\n"},
      {"count zero", "policy: p\ncount: 0\n", "E f:2: count: <0> is not a positive integer\n"},
      {"count negative", "policy: p\ncount: -3\n",
       "E f:2: count: <-3> is not a positive integer\n"},
      {"count float", "policy: p\ncount: 2.5\n", "E f:2: count: <2.5> is not a positive integer\n"},
      {"count word", "policy: p\ncount: many\n",
       "E f:2: count: <many> is not a positive integer\n"},
      {"count empty", "policy: p\ncount:\n", "E f:2: count: <> is not a positive integer\n"},
      {"count huge", "policy: p\ncount: 99999999999\n",
       "E f:2: count: <99999999999> is not a positive integer\n"},
      {"duplicate count", "policy: p\ncount: 1\ncount: 2\n",
       "E f:3: count: policy <p> already has one at line 2\n"},
      {"duplicate when", "policy: p\nwhen: prime\nwhen: all\n",
       "E f:3: when: policy <p> already has one at line 2\n"},
      {"bad when", "policy: p\nwhen: weekends\n",
       "E f:2: when: <weekends> is not one of prime, non_prime, dedicated, all\n"},
      {"empty when", "policy: p\nwhen:\n",
       "E f:2: when: <> is not one of prime, non_prime, dedicated, all\n"},
      {"bad constraint", "policy: p\nconstraint: a = 1\n",
       "E f:2: constraint: bad expression <a = 1> at offset 2: '=' is not an operator; use '==' "
       "(or '=>')\n"},
      {"empty constraint", "policy: p\nconstraint:\n",
       "E f:2: constraint: bad expression <> at offset 0: empty expression\n"},
      {"bad sort", "policy: p\nsort: (a + b\n",
       "E f:2: sort: bad expression <(a + b> at offset 6: expected ')' to close the one at "
       "offset 0, found end of expression\n"},
      {"bad regex", "policy: p\nconstraint: [NLB_HARDWARE == \"cray(\"]\n",
       "E f:2: constraint: bad expression <[NLB_HARDWARE == \"cray(\"]> at offset 17: bad "
       "regular expression \"cray(\": "},
      {"control character", "policy: p\nconstraint: a\x01 > 1\n",
       "E f:2: line holds control characters (binary data?); ignored\n"},
  };
  for (const Case& c : kCases) {
    auto l = parsePolicies(c.text, "f");
    std::string got = diagText(l);
    EXPECT_EQ(got.substr(0, std::string(c.expected).size()), c.expected) << c.name;
    EXPECT_GT(l.errors(), 0) << c.name;
  }
}

TEST(PoliciesFile, NulByteRefusesTheWholeFile) {
  auto l = parsePolicies(std::string_view("policy: p\n\0sort: a\n", 19), "f");
  EXPECT_EQ(diagText(l), "E f:2: binary data (NUL byte) in file; file not read\n");
}

TEST(PoliciesFile, OverlongLineIsAnErrorBecauseADroppedConstraintWidensAPolicy) {
  std::string text = "policy: p\nconstraint: a > 1 " + std::string(70000, ' ') + "&& b\n";
  auto l = parsePolicies(text, "f");
  EXPECT_EQ(l.errors(), 1) << diagText(l);
  EXPECT_EQ(l.diagnostics[0].line, 2);
}

TEST(PoliciesFile, EveryProblemOfAFileIsReportedAndGoodPoliciesSurvive) {
  auto l = parsePolicies(
      "policy: a\ncount: x\npolicy: b\nsort: +\npolicy: A\nsort: 1\n"
      "policy: c\nsort: NLB_NCPUS\n",
      "f");
  EXPECT_EQ(l.errors(), 3) << diagText(l);
  ASSERT_EQ(l.set.policies().size(), 3u);  // a, b (without their bad lines) and c
  EXPECT_EQ(l.set.policies()[2].name, "c");
  EXPECT_EQ(l.diagnostics[0].line, 2);
  EXPECT_EQ(l.diagnostics[1].line, 4);
  EXPECT_EQ(l.diagnostics[2].line, 5);
}

TEST(PoliciesFile, LimitsOnPoliciesAndConstraints) {
  std::string many;
  for (size_t i = 0; i <= kMaxPolicies; ++i) many += "policy: p" + std::to_string(i) + "\n";
  auto l = parsePolicies(many, "f");
  EXPECT_EQ(l.errors(), 1);
  EXPECT_EQ(l.set.policies().size(), kMaxPolicies);
  std::string constraints = "policy: p\n";
  for (size_t i = 0; i <= kMaxConstraintsPerPolicy; ++i) constraints += "constraint: a\n";
  auto c = parsePolicies(constraints, "f");
  EXPECT_EQ(c.errors(), 1);
  EXPECT_EQ(c.set.policies()[0].constraints.size(), kMaxConstraintsPerPolicy);
}

}  // namespace
}  // namespace openlim::policy

namespace openlim::policy {
namespace {

TEST(PoliciesFile, SeveralSortLinesAreKeptInOrder) {
  auto l = parsePolicies("policy: p\nsort: a\nsort: b\nsort: -c\n", "f");
  ASSERT_EQ(l.errors(), 0);
  const Policy& p = l.set.policies()[0];
  ASSERT_EQ(p.sorts.size(), 3u);
  EXPECT_EQ(p.sorts[0].text, "a");
  EXPECT_EQ(p.sorts[2].line, 4);
}

TEST(PoliciesFile, TooManySortLinesAreRefused) {
  std::string text = "policy: p\n";
  for (size_t i = 0; i <= kMaxSortsPerPolicy; ++i) text += "sort: a\n";
  auto l = parsePolicies(text, "f");
  ASSERT_EQ(l.errors(), 1);
  EXPECT_EQ(l.diagnostics[0].toString(), "f:18: sort: policy <p> has more than 16 sort lines");
}

}  // namespace
}  // namespace openlim::policy
