#include "core/merger.h"

#include <gtest/gtest.h>

#include "test_catalog.h"

namespace openlim::melim {
namespace {

class MergerTest : public ::testing::Test {
 protected:
  void line(int elim, std::string_view l, double now) {
    ASSERT_EQ(parseElimLine(l, catalog_, s_), DropReason::kNone) << l;
    conflicts_.clear();
    m_.apply(elim, s_.pairs, now, conflicts_);
  }
  Catalog catalog_{testing::testNames()};
  Merger m_{&catalog_, 3};
  ParseScratch s_;
  std::vector<std::pair<int, int>> conflicts_;
  void SetUp() override { m_.ensureSources(3); }
};

TEST_F(MergerTest, StartsAllUnknownListsExpectedExternalsOnly) {
  EXPECT_EQ(m_.formatVector(), "3 nio - usr_tmp - osrel -\n");
}

TEST_F(MergerTest, ShowsValuesAndBuiltinOnceReported) {
  line(0, "2 nio 1.5 tmp 20", 0);
  EXPECT_TRUE(m_.changed());
  EXPECT_EQ(m_.formatVector(), "4 nio 1.5 usr_tmp - osrel - tmp 20\n");
}

TEST_F(MergerTest, SameValueIsNoChange) {
  line(0, "1 nio 1", 0);
  m_.clearChanged();
  line(0, "1 nio 1", 1);
  EXPECT_FALSE(m_.changed());
  line(0, "1 nio 2", 2);
  EXPECT_TRUE(m_.changed());
}

TEST_F(MergerTest, NewestWinsAndConflictIsReported) {
  line(0, "1 nio 1", 0);
  line(1, "1 nio 2", 1);
  ASSERT_EQ(conflicts_.size(), 1u);
  EXPECT_EQ(conflicts_[0].second, 0);
  EXPECT_DOUBLE_EQ(m_.shown(catalog_.find("nio")).number, 2);
  EXPECT_EQ(m_.shown(catalog_.find("nio")).source, 1);
}

TEST_F(MergerTest, ExitedElimValuesGoUnknownAtOnceOlderLiveValueReturns) {
  line(0, "1 nio 1", 0);
  line(1, "2 nio 2 usr_tmp 5", 1);
  m_.dropSource(1);
  EXPECT_EQ(m_.formatVector(), "3 nio 1 usr_tmp - osrel -\n");
  m_.dropSource(0);
  EXPECT_EQ(m_.formatVector(), "3 nio - usr_tmp - osrel -\n");
}

TEST_F(MergerTest, RetractionHidesValue) {
  line(0, "1 nio 1", 0);
  line(0, "1 nio -", 1);
  EXPECT_FALSE(m_.shown(catalog_.find("nio")).known);
}

TEST_F(MergerTest, StaleAfterIntervalTimesFactor) {
  line(0, "2 nio 1 osrel abc", 0);  // nio: interval 10 -> stale at 30; osrel 60 -> 180
  EXPECT_DOUBLE_EQ(m_.nextExpiry(), 30);
  m_.expire(29.9);
  EXPECT_TRUE(m_.shown(catalog_.find("nio")).known);
  m_.clearChanged();
  m_.expire(30);
  EXPECT_FALSE(m_.shown(catalog_.find("nio")).known);
  EXPECT_TRUE(m_.changed());
  EXPECT_TRUE(m_.shown(catalog_.find("osrel")).known);
  EXPECT_DOUBLE_EQ(m_.nextExpiry(), 180);
}

TEST(MergerNoStale, FactorZeroNeverExpires) {
  Catalog c{testing::testNames()};
  Merger m(&c, 0);
  m.ensureSources(1);
  ParseScratch s;
  std::vector<std::pair<int, int>> conf;
  ASSERT_EQ(parseElimLine("1 nio 1", c, s), DropReason::kNone);
  m.apply(0, s.pairs, 0, conf);
  m.expire(1e9);
  EXPECT_TRUE(m.shown(c.find("nio")).known);
  EXPECT_EQ(m.nextExpiry(), kNever);
}

}  // namespace
}  // namespace openlim::melim
