// Shell-style wildcards of lsquota's names (qquota's wc_user, wc_host, ...).
#include "util/wildcard.h"

#include <gtest/gtest.h>

#include <string>

namespace openlim {
namespace {

TEST(Wildcard, StarQuestionAndSets) {
  EXPECT_TRUE(wildcardMatch("*", ""));
  EXPECT_TRUE(wildcardMatch("*", "anything"));
  EXPECT_TRUE(wildcardMatch("a*", "a"));
  EXPECT_TRUE(wildcardMatch("a*z", "abcz"));
  EXPECT_FALSE(wildcardMatch("a*z", "abcza"));
  EXPECT_TRUE(wildcardMatch("*.q", "night.q"));
  EXPECT_FALSE(wildcardMatch("*.q", "night.qq"));
  EXPECT_TRUE(wildcardMatch("h?st", "host"));
  EXPECT_FALSE(wildcardMatch("h?st", "hst"));
  EXPECT_TRUE(wildcardMatch("node[0-3]", "node2"));
  EXPECT_FALSE(wildcardMatch("node[0-3]", "node4"));
  EXPECT_TRUE(wildcardMatch("node[!0-3]", "node4"));
  EXPECT_TRUE(wildcardMatch("node[^0-3]", "node4"));
  EXPECT_FALSE(wildcardMatch("node[!0-3]", "node1"));
  EXPECT_TRUE(wildcardMatch("[]x]", "]"));
  EXPECT_TRUE(wildcardMatch("[a-]", "-"));
  EXPECT_TRUE(wildcardMatch("*a*b*c", "xxaxxbxxc"));
  EXPECT_FALSE(wildcardMatch("*a*b*c", "xxaxxcxxb"));
}

TEST(Wildcard, EverythingElseIsLiteral) {
  EXPECT_TRUE(wildcardMatch("a[b", "a[b"));  // no closing bracket: an ordinary `[`
  EXPECT_FALSE(wildcardMatch("a[b", "ab"));
  EXPECT_TRUE(wildcardMatch("a\\b", "a\\b"));
  EXPECT_FALSE(wildcardMatch("alice", "alicia"));
  EXPECT_FALSE(hasWildcard("alice"));
  EXPECT_FALSE(hasWildcard("a[b"));
  EXPECT_FALSE(hasWildcard("@staff"));
  EXPECT_TRUE(hasWildcard("a*"));
  EXPECT_TRUE(hasWildcard("h?"));
  EXPECT_TRUE(hasWildcard("n[12]"));
}

TEST(Wildcard, CaseFoldingIsAsked) {
  EXPECT_FALSE(wildcardMatch("HOST*", "hostA"));
  EXPECT_TRUE(wildcardMatch("HOST*", "hostA", true));
  EXPECT_TRUE(wildcardMatch("[A-C]x", "bX", true));
}

// Many stars against a long text that never matches: no exponential backtracking.
TEST(Wildcard, CostStaysBoundedForPathologicalPatterns) {
  std::string pattern;
  for (int i = 0; i < 100; ++i) pattern += "*a";
  pattern += "b";
  const std::string text(4000, 'a');
  EXPECT_FALSE(wildcardMatch(pattern, text));
  EXPECT_TRUE(wildcardMatch(pattern, text + "b"));
}

}  // namespace
}  // namespace openlim
