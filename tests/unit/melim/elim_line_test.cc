#include "core/elim_line.h"

#include <gtest/gtest.h>

#include "core/settings.h"
#include "test_catalog.h"

namespace openlim::melim {
namespace {

class ElimLine : public ::testing::Test {
 protected:
  DropReason parse(std::string_view l) { return parseElimLine(l, catalog_, s_); }
  Catalog catalog_{testing::testNames()};
  ParseScratch s_;
};

TEST_F(ElimLine, AcceptsWellFormedLine) {
  ASSERT_EQ(parse("3 nio 344.0 usr_tmp 47.5 osrel 5.14"), DropReason::kNone);
  ASSERT_EQ(s_.pairs.size(), 3u);
  EXPECT_EQ(s_.pairs[0].slot, catalog_.find("nio"));
  EXPECT_DOUBLE_EQ(s_.pairs[0].number, 344.0);
  EXPECT_EQ(s_.pairs[2].text, "5.14");
}

TEST_F(ElimLine, AcceptsZeroPairsTabsAndCarriageReturn) {
  EXPECT_EQ(parse("0"), DropReason::kNone);
  EXPECT_EQ(parse("1\tnio\t5\r"), DropReason::kNone);
  EXPECT_EQ(parse("  1 nio -5e2  "), DropReason::kNone);
  EXPECT_DOUBLE_EQ(s_.pairs[0].number, -500);
}

TEST_F(ElimLine, DashRetracts) {
  ASSERT_EQ(parse("2 nio - osrel -"), DropReason::kNone);
  EXPECT_TRUE(s_.pairs[0].unknown);
  EXPECT_TRUE(s_.pairs[1].unknown);
}

TEST_F(ElimLine, BuiltinOverrideByFormalNameAliasesAndOthersRefused) {
  EXPECT_EQ(parse("1 tmp 12"), DropReason::kNone);
  ASSERT_EQ(parse("1 r1m 0.5"), DropReason::kNone);
  EXPECT_EQ(s_.pairs[0].slot, catalog_.find("r1m"));
  EXPECT_DOUBLE_EQ(s_.pairs[0].number, 0.5);
  EXPECT_EQ(parse("1 cpu 0.5"), DropReason::kAlias);
  EXPECT_EQ(parse("1 login 1"), DropReason::kAlias);  // an alias not even in the catalog
  EXPECT_EQ(parse("1 status 1"), DropReason::kNotReportable);
  EXPECT_EQ(parse("1 osname 1"), DropReason::kNotReportable);  // static
  EXPECT_EQ(parse("1 fs 1"), DropReason::kNotReportable);      // boolean
  EXPECT_STREQ(dropReasonName(DropReason::kAlias), "alias");
}

// The catalog melim builds itself: every formal name of a built-in index overrides it (the
// four LSF names as its example, r1m it ls swp, among them); each alias is refused as one.
TEST(ElimLineSettings, EveryFormalBuiltinNameOverridesEveryAliasIsRefused) {
  std::vector<std::string> w;
  Settings st = buildSettings(
      nullptr, [](const std::string&) { return std::nullopt; }, w);
  Catalog catalog(st.names);
  ParseScratch s;
  for (const char* n : {"r15s", "r1m", "r15m", "ut", "pg", "io", "ls", "it", "tmp", "swp", "mem"}) {
    ASSERT_EQ(parseElimLine(std::string("1 ") + n + " 0.25", catalog, s), DropReason::kNone) << n;
    ASSERT_EQ(s.pairs.size(), 1u) << n;  // applied, not ignored as unexpected
    EXPECT_EQ(catalog.spec(s.pairs[0].slot).name, n);
  }
  for (const char* n : {"cpu", "idle", "login", "swap"})
    EXPECT_EQ(parseElimLine(std::string("1 ") + n + " 1", catalog, s), DropReason::kAlias) << n;
  EXPECT_EQ(parseElimLine("1 status 1", catalog, s), DropReason::kNotReportable);
  // An alias spoils the whole line, as any drop does.
  EXPECT_EQ(parseElimLine("2 r1m 1 idle 3", catalog, s), DropReason::kAlias);
  EXPECT_TRUE(s.pairs.size() <= 1u);
  // The override keeps the index's physical range.
  EXPECT_EQ(parseElimLine("1 it -1", catalog, s), DropReason::kOutOfRange);
  // A scheduler's probe gives the batch slots the rating counts jobs by (docs/rating.md).
  ASSERT_EQ(parseElimLine("2 maxslots 8 slots 3", catalog, s), DropReason::kNone);
  EXPECT_EQ(s.pairs.size(), 2u);
  EXPECT_EQ(parseElimLine("1 slots -1", catalog, s), DropReason::kOutOfRange);
}

TEST_F(ElimLine, RejectsSyntax) {
  EXPECT_EQ(parse(""), DropReason::kSyntax);
  EXPECT_EQ(parse("x nio 1"), DropReason::kSyntax);
  EXPECT_EQ(parse("-1"), DropReason::kSyntax);
  EXPECT_EQ(parse("1.0 nio 1"), DropReason::kSyntax);
}

TEST_F(ElimLine, RejectsCountMismatchAndTrailingJunk) {
  EXPECT_EQ(parse("3 nio 1 usr_tmp 2"), DropReason::kCountMismatch);
  EXPECT_EQ(parse("1 nio 1 usr_tmp 2"), DropReason::kCountMismatch);
  EXPECT_EQ(parse("1 nio"), DropReason::kCountMismatch);
  EXPECT_EQ(parse("1 nio 1 junk"), DropReason::kCountMismatch);
  EXPECT_TRUE(s_.pairs.size() <= 1u);
}

TEST_F(ElimLine, RejectsBadNumbers) {
  for (const char* v : {"abc", "nan", "NaN", "inf", "-inf", "0x10", "1e", "5MB", "1,5", "--1", ""})
    EXPECT_NE(parse(std::string("1 nio ") + v), DropReason::kNone) << v;
  EXPECT_EQ(parse("1 nio nan"), DropReason::kBadNumber);
  EXPECT_EQ(parse("1 nio 0x10"), DropReason::kBadNumber);
}

TEST_F(ElimLine, RejectsOutOfRange) {
  EXPECT_EQ(parse("1 nio 2147483647"), DropReason::kOutOfRange);
  EXPECT_EQ(parse("1 nio -2147483647.0"), DropReason::kOutOfRange);
  EXPECT_EQ(parse("1 nio 1e12"), DropReason::kOutOfRange);
  EXPECT_EQ(parse("1 nio 2147483646.9"), DropReason::kNone);
}

TEST_F(ElimLine, RejectsUnknownAndDuplicateNames) {
  EXPECT_EQ(parse("1 bogus 1"), DropReason::kUnknownName);
  EXPECT_EQ(parse("2 nio 1 nio 2"), DropReason::kDuplicate);
  // The duplicate check does not leak between lines.
  EXPECT_EQ(parse("1 nio 1"), DropReason::kNone);
  EXPECT_EQ(parse("1 nio 1"), DropReason::kNone);
}

TEST_F(ElimLine, RejectsBadStrings) {
  EXPECT_EQ(parse("1 osrel " + std::string(40, 'a')), DropReason::kBadString);
  EXPECT_EQ(parse("1 osrel " + std::string(39, 'a')), DropReason::kNone);
  EXPECT_EQ(parse("1 osrel a\x01"
                  "b"),
            DropReason::kBadString);
}

TEST_F(ElimLine, UnexpectedPairIsIgnoredRestApplies) {
  ASSERT_EQ(parse("2 gpu_mem 5 nio 3"), DropReason::kNone);
  ASSERT_EQ(s_.pairs.size(), 1u);
  EXPECT_EQ(s_.pairs[0].slot, catalog_.find("nio"));
  ASSERT_EQ(s_.ignored.size(), 1u);
  EXPECT_EQ(s_.ignored[0], catalog_.find("gpu_mem"));
  // Ignored pairs are still checked: a bad value drops the whole line.
  EXPECT_EQ(parse("2 gpu_mem x nio 3"), DropReason::kBadNumber);
}

TEST(StrictDouble, Cases) {
  double v = 0;
  EXPECT_TRUE(parseStrictDouble("12.5", v));
  EXPECT_DOUBLE_EQ(v, 12.5);
  EXPECT_TRUE(parseStrictDouble("+3", v));
  EXPECT_FALSE(parseStrictDouble(" 3", v));
  EXPECT_FALSE(parseStrictDouble("Infinity", v));
}

}  // namespace
}  // namespace openlim::melim

namespace openlim::melim {
namespace {

// The catalog melim really builds (built-ins with their ranges).
class BuiltinRanges : public ::testing::Test {
 protected:
  void SetUp() override {
    std::vector<std::string> warnings;
    Settings s = buildSettings(
        nullptr, [](const std::string&) { return std::optional<std::string>(); }, warnings);
    catalog_ = Catalog(s.names);
  }
  DropReason parse(std::string_view l) { return parseElimLine(l, catalog_, s_); }
  Catalog catalog_;
  ParseScratch s_;
};

TEST_F(BuiltinRanges, PhysicallyImpossibleBuiltinValuesAreOutOfRange) {
  for (const char* line : {"1 mem -100", "1 ut -1", "1 ut 5", "1 ut 1.0001", "1 tmp -5", "1 pg 1e9",
                           "1 pg -1", "1 io 2e9", "1 r15s -0.5", "1 r15m -1"})
    EXPECT_EQ(parse(line), DropReason::kOutOfRange) << line;
}

TEST_F(BuiltinRanges, ValuesAtTheEdgesAreAccepted) {
  for (const char* line : {"1 ut 0", "1 ut 1", "1 ut 0.42", "1 mem 0", "1 tmp 1e6", "1 pg 1e7",
                           "1 io 1e9", "1 r15m 0", "1 mem 2147483646"})
    EXPECT_EQ(parse(line), DropReason::kNone) << line;
}

TEST_F(BuiltinRanges, OneBadBuiltinRejectsTheWholeLine) {
  EXPECT_EQ(parse("2 tmp 10 ut 5"), DropReason::kOutOfRange);
  EXPECT_EQ(s_.badToken, "5");
}

TEST(BuiltinRange, EveryBuiltinHasOneAndExternalsNone) {
  for (const char* n : {"r15s", "r1m", "r15m", "ut", "pg", "io", "ls", "it", "tmp", "swp", "mem"})
    EXPECT_TRUE(builtinRange(n)) << n;
  EXPECT_FALSE(builtinRange("nio"));
  EXPECT_DOUBLE_EQ(builtinRange("ut")->max, 1);
}

}  // namespace
}  // namespace openlim::melim
