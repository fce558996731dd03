// The NLB expression language: precedence, the special forms, and refused input.
#include "policy/nlb_expr.h"

#include <gtest/gtest.h>

#include <string>

namespace openlim::policy {
namespace {

std::string printed(const std::string& text) {
  auto r = parseExpression(text);
  if (!r) return "ERROR " + r.status().message();
  return toString(**r);
}

Status errorOf(const std::string& text) {
  auto r = parseExpression(text);
  EXPECT_FALSE(r.isOk()) << "accepted <" << text << ">";
  return r.isOk() ? Status() : r.status();
}

TEST(NlbExpr, ArithmeticFollowsCPrecedence) {
  EXPECT_EQ(printed("1 + 2 * 3"), "(1 + (2 * 3))");
  EXPECT_EQ(printed("1 - 2 - 3"), "((1 - 2) - 3)");
  EXPECT_EQ(printed("8 / 4 / 2"), "((8 / 4) / 2)");
  EXPECT_EQ(printed("(1 + 2) * 3"), "((1 + 2) * 3)");
  EXPECT_EQ(printed("-a * b"), "((-A) * B)");
  EXPECT_EQ(printed("- -a"), "(-(-A))");
}

TEST(NlbExpr, ComparisonsBindBelowArithmeticAndRelationalAboveEquality) {
  EXPECT_EQ(printed("a + 1 < b * 2"), "((A + 1) < (B * 2))");
  EXPECT_EQ(printed("a < b == c > d"), "((A < B) == (C > D))");
  EXPECT_EQ(printed("a >= 1 != b <= 2"), "((A >= 1) != (B <= 2))");
}

TEST(NlbExpr, LogicalOperatorsInCOrderWithXorBetweenEqualityAndAnd) {
  EXPECT_EQ(printed("a || b && c"), "(A || (B && C))");
  EXPECT_EQ(printed("a && b ^ c"), "(A && (B ^ C))");
  EXPECT_EQ(printed("a ^ b == c"), "(A ^ (B == C))");
  EXPECT_EQ(printed("a ^ b || c"), "((A ^ B) || C)");
  EXPECT_EQ(printed("!a && b"), "((!A) && B)");
}

TEST(NlbExpr, ImpliesIsLowestAndGroupsToTheRight) {
  EXPECT_EQ(printed("a || b => c && d"), "((A || B) => (C && D))");
  EXPECT_EQ(printed("a => b => c"), "(A => (B => C))");
  EXPECT_EQ(printed("(a => b) => c"), "((A => B) => C)");
  EXPECT_EQ(printed("NLB_NCPUS <= 2 => NLB_A_SYSCPU / NLB_NCPUS <20"),
            "((NLB_NCPUS <= 2) => ((NLB_A_SYSCPU / NLB_NCPUS) < 20))");
}

TEST(NlbExpr, NamesAreCaseInsensitiveAndJobNamesAreMarked) {
  auto r = parseExpression("job_nastran + Nlb_NCpus + age");
  ASSERT_TRUE(r.isOk()) << r.status().message();
  std::vector<std::string> names = attributesRead(**r);
  EXPECT_EQ(names, (std::vector<std::string>{"JOB_NASTRAN", "NLB_NCPUS", "AGE"}));
  const Expr& top = **r;
  EXPECT_TRUE(top.a->a->job);
  EXPECT_FALSE(top.a->b->job);
  EXPECT_FALSE(isJobAttributeName("JOB_"));
  EXPECT_FALSE(isJobAttributeName("JOBS"));
}

TEST(NlbExpr, ExistsAndRegexForms) {
  EXPECT_EQ(printed("exists(NLB_QUEUE_NAME) && age < 300"),
            "(exists(NLB_QUEUE_NAME) && (AGE < 300))");
  EXPECT_EQ(printed("exists (host_nastran)"), "exists(HOST_NASTRAN)");
  EXPECT_EQ(printed("[ NLB_HARDWARE == \"SPARC\" ]"), "[NLB_HARDWARE == \"SPARC\"]");
  EXPECT_EQ(printed("[NLB_OSNAME != \"^sun(os)?$\"]"), "[NLB_OSNAME != \"^sun(os)?$\"]");
  EXPECT_EQ(printed("!exists(a)"), "(!exists(A))");
  // `exists` not followed by '(' is an ordinary attribute name.
  EXPECT_EQ(printed("exists + 1"), "(EXISTS + 1)");
  auto r = parseExpression("[h == \"x\"] || exists(j) || k > 1 || [h != \"y\"]");
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ(attributesRead(**r), (std::vector<std::string>{"H", "J", "K"}));
}

TEST(NlbExpr, NumbersAndStrings) {
  EXPECT_EQ(printed("3.5"), "3.5");
  EXPECT_EQ(printed(".5"), "0.5");
  EXPECT_EQ(printed("1e3"), "1000");
  EXPECT_EQ(printed("2.5E-2 + 1"), "(0.025000000000000001 + 1)");
  EXPECT_EQ(printed("NLB_HARDWARE == \"CRAY J90\""), "(NLB_HARDWARE == \"CRAY J90\")");
}

TEST(NlbExpr, PositionsCoverTheSource) {
  auto r = parseExpression("  (a + b) * 2");
  ASSERT_TRUE(r.isOk());
  EXPECT_EQ((*r)->pos, 2);
  EXPECT_EQ((*r)->end, 13);
  EXPECT_EQ((*r)->a->pos, 2);
  EXPECT_EQ((*r)->a->end, 9);
}

struct Bad {
  const char* text;
  int offset;
  const char* says;
};

TEST(NlbExpr, MalformedExpressionsAreRefusedWithTheirPosition) {
  const Bad kBad[] = {
      {"", 0, "empty expression"},
      {"   ", 3, "empty expression"},
      {"a +", 3, "a value is missing"},
      {"a = b", 2, "use '=='"},
      {"a & b", 2, "use '&&'"},
      {"a | b", 2, "use '||'"},
      {"a @ b", 2, "unexpected character '@'"},
      {"(a + b", 6, "expected ')' to close the one at offset 0"},
      {"a + b)", 5, "unexpected ')'"},
      {"a b", 2, "unexpected 'b'"},
      {"5x + 1", 0, "bad number '5x'"},
      {"1e + 1", 0, "bad number"},
      {"1.2.3", 0, "bad number"},
      {"\"open", 0, "no closing"},
      {"[a == b]", 6, "quoted regular expression"},
      {"[a < \"x\"]", 3, "expected '==' or '!='"},
      {"[\"x\" == a]", 1, "attribute name"},
      {"[a == \"x\"", 9, "expected ']'"},
      {"[a == \"(\"]", 6, "bad regular expression"},
      {"[a == \"x{2,1}\"]", 6, "bad regular expression"},
      {"[a == \"(a{100}){100}\"]", 6, "repeats too much"},
      {"[a == \"CLBY++++++++++++++++++++++++++++++++++++\"]", 6, "stacks repeat operators"},
      {"[a == \"C??????++++++++++\"]", 6, "stacks repeat operators"},
      {"[a == \"a{2}+\"]", 6, "stacks repeat operators"},
      {"[a == \"((((((((((((((a+)+)+)+)+)+)+)+)+)+)+)+)+)+)\"]", 6, "repeats too much"},
      {"exists()", 7, "takes an attribute name"},
      {"exists(1)", 7, "takes an attribute name"},
      {"exists(a", 8, "expected ')'"},
      {"a => ", 5, "a value is missing"},
      {"=> a", 0, "expected a value"},
      {"* a", 0, "expected a value"},
      {"a ! b", 2, "unexpected '!'"},
      {"a == == b", 5, "expected a value"},
  };
  for (const Bad& b : kBad) {
    Status s = errorOf(b.text);
    EXPECT_EQ(s.code(), Code::kInvalid) << b.text;
    EXPECT_EQ(s.pos().offset, b.offset) << b.text << ": " << s.message();
    EXPECT_NE(s.message().find(b.says), std::string::npos) << b.text << ": " << s.message();
    EXPECT_NE(s.message().find("at offset " + std::to_string(b.offset)), std::string::npos)
        << s.message();
  }
}

TEST(NlbExpr, HugeOrDeepExpressionsAreRefusedCleanly) {
  std::string parens(10000, '(');
  EXPECT_NE(errorOf(parens + "a").message().find("nested more than"), std::string::npos);
  std::string nots(10000, '!');
  EXPECT_NE(errorOf(nots + "a").message().find("unary operators"), std::string::npos);
  std::string chain = "a";
  for (int i = 0; i < 1000; ++i) chain += " + a";
  EXPECT_NE(errorOf(chain).message().find("nested more than"), std::string::npos);
  std::string longText(kMaxExpressionBytes + 1, ' ');
  EXPECT_NE(errorOf(longText).message().find("longer than"), std::string::npos);
  std::string longRegex = "[a == \"" + std::string(kMaxRegexBytes + 1, 'x') + "\"]";
  EXPECT_NE(errorOf(longRegex).message().find("longer than"), std::string::npos);
  // Many terms within the height cap: 90 products of 30 factors each (about 5400 nodes).
  std::string product = "a";
  for (int i = 1; i < 30; ++i) product += "*a";
  std::string wide = product;
  for (int i = 1; i < 90; ++i) wide += "+" + product;
  ASSERT_LE(wide.size(), kMaxExpressionBytes);
  EXPECT_NE(errorOf(wide).message().find("terms"), std::string::npos);
}

TEST(NlbExpr, OrdinaryRegexRepeatsAreAccepted) {
  for (const char* ok : {"[a == \"a+b+c+d+e+f+g+h+i+j+k+l+\"]", "[a == \"x{1,100}\"]",
                         "[a == \"^(sun|sol)(os)?[0-9]+\\\\.[0-9]*$\"]", "[a == \"[[:alpha:]]+\"]",
                         "[a == \"(ab+)+\"]"}) {
    auto r = parseExpression(ok);
    EXPECT_TRUE(r.isOk()) << ok << ": " << r.status().message();
  }
}

TEST(NlbExpr, ReasonableNestingIsAccepted) {
  std::string parens(100, '(');
  std::string closes(100, ')');
  EXPECT_TRUE(parseExpression(parens + "a" + closes).isOk());
  std::string chain = "a";
  for (int i = 0; i < 100; ++i) chain += " && b";
  EXPECT_TRUE(parseExpression(chain).isOk());
}

}  // namespace
}  // namespace openlim::policy
