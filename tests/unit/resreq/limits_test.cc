// Input bounds: no request sets a recursion's depth (long flat chains included) or a size
// unchecked; over-long or over-deep requests get LSF's syntax error, never a crash.
#include <gtest/gtest.h>

#include <string>

#include "fixture.h"
#include "resreq/parser.h"

namespace openlim {
namespace {

// `count` copies of `term` joined by `op`.
std::string chain(const std::string& term, const std::string& op, size_t count) {
  std::string s;
  for (size_t i = 0; i < count; ++i) s += (i ? op : "") + term;
  return s;
}

bool startsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

class Limits : public ::testing::Test {
 protected:
  // Compiling `text` fails with a syntax error naming `detail`, in a message of bounded size.
  void expectRefused(const std::string& text, const std::string& detail) {
    auto r = compileRequest(text, *cfg_);
    ASSERT_FALSE(r) << text.substr(0, 80);
    EXPECT_EQ(r.status().code(), Code::kInvalid);
    EXPECT_TRUE(startsWith(r.status().message(), "Bad resource requirement syntax: "))
        << r.status().message();
    EXPECT_NE(r.status().message().find(detail), std::string::npos) << r.status().message();
    EXPECT_LT(r.status().message().size(), 400u);
    EXPECT_LE(r.status().pos().offset, static_cast<int>(text.size()));
  }
  ConfigPtr cfg_ = testing::makeConfig();
  HostTable t_ = testing::fixtureTable(cfg_);
};

constexpr const char* kTooDeep = "nested too deeply";

TEST_F(Limits, FlatChainsOf7000TermsAreRefusedNotAStackOverflow) {
  for (const std::string& expr :
       {chain("mem>1", "||", 7000), chain("cs", "||", 7000), chain("mem", "+", 7000) + ">1",
        chain("mem", "-", 7000) + ">1", chain("mem", "*", 7000) + ">1",
        chain("mem", "/", 7000) + ">1", chain("1", "==", 7000),
        chain("mem>1 || cs && ut<1+mem*2-r1m/4", " || ", 1000), chain("cs", "&&", 7000) + "||fs",
        "fs||" + chain("cs", "&&", 7000)}) {
    expectRefused("select[" + expr + "]", kTooDeep);  // lsload -R, lsplace -R
    expectRefused(expr, kTooDeep);                    // no keyword (lshosts -R "...")
  }
  expectRefused("order[(" + chain("mem", "+", 7000) + ")]", kTooDeep);
}

TEST_F(Limits, AChainOfTheMaximumDepthCompilesSelectsAndExplains) {
  std::string ok = "select[" + chain("cs", "||", resreq::kMaxDepth) + "]";
  auto r = compileRequest(ok, *cfg_);
  ASSERT_TRUE(r) << r.status().message();
  SelectResult s = selectHosts(**r, t_, {.explain = true});
  EXPECT_EQ(s.rows.size(), 3u);  // hostA hostC hostE list cs
  for (uint32_t row = 0; row < t_.size(); ++row) {
    EXPECT_FALSE(termValues(**r, t_, 0, row).empty());
    EXPECT_FALSE(termOutcome(**r, t_, 0, row).empty());
  }
  PlacementResult p = place(**r, t_, {.minSlots = 2, .explain = true});
  EXPECT_TRUE(p.status.isOk()) << p.status.message();
  EXPECT_EQ(p.explanations.size(), t_.size());
  // One level more is refused, at the operator that is one too many.
  std::string deep = "select[" + chain("cs", "||", resreq::kMaxDepth + 1) + "]";
  auto d = compileRequest(deep, *cfg_);
  ASSERT_FALSE(d);
  EXPECT_EQ(d.status().pos().offset, static_cast<int>(deep.rfind("||")));
}

TEST_F(Limits, LongTopLevelAndChainsAreTermsAndWork) {
  std::string text = "select[" + chain("mem>1", "&&", 8000) + "]";
  auto r = compileRequest(text, *cfg_);
  ASSERT_TRUE(r) << r.status().message();
  EXPECT_EQ((*r)->termTexts().size(), 8000u);
  EXPECT_EQ(testing::selectedNames(text, *cfg_, t_), "hostA hostB hostC hostE");
  SelectResult s = selectHosts(**r, t_, {.explain = true});
  EXPECT_EQ(s.failedTerm[3], 0);  // hostD: mem unknown fails the first term
  PlacementResult p = place(**r, t_, {.explain = true});
  EXPECT_EQ(p.explanations[3].reason, "select[mem>1] unknown: mem=-");
  EXPECT_EQ(testing::selectedNames(chain("cs", " && ", 8000), *cfg_, t_), "hostA hostC hostE");
}

TEST_F(Limits, MoreTopLevelTermsThanTheCapAreRefused) {
  expectRefused("select[" + chain("1", "&&", resreq::kMaxSelectTerms + 1) + "]",
                "more than 16384 terms joined by '&&'");
  // Parenthesised && terms are flattened into top-level terms too, and counted.
  expectRefused("select[" + chain("(1&&1&&1)", "&&", resreq::kMaxSelectTerms / 3 + 1) + "]",
                "more than 16384 terms joined by '&&'");
}

TEST_F(Limits, OverLongRequestsAreRefusedWithAShortMessage) {
  std::string text = "select[" + chain("mem>1", "&&", 11000) + "]";
  ASSERT_GT(text.size(), resreq::kMaxRequestLength);
  expectRefused(text, "request longer than 65536 bytes");
  auto r = compileRequest(text, *cfg_);
  EXPECT_EQ(r.status().pos().offset, 65536);
  EXPECT_FALSE(resreq::parseExpression(text));
}

TEST_F(Limits, ASyntaxErrorInALongRequestQuotesTheTextAroundIt) {
  std::string text = "select[" + chain("mem>1", "&&", 100) + "&&mem>]";
  auto r = compileRequest(text, *cfg_);
  ASSERT_FALSE(r);
  int at = static_cast<int>(text.size()) - 1;
  EXPECT_EQ(r.status().pos().offset, at);
  EXPECT_EQ(r.status().message(), "Bad resource requirement syntax: ..." +
                                      text.substr(text.size() - 61) + " at " + std::to_string(at) +
                                      ": expected a value after '>'");
}

}  // namespace
}  // namespace openlim
