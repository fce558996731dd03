// Size units shared by thresholds and resource requirements: powers of 1024, in MB.
#include "config/size_units.h"

#include <gtest/gtest.h>

namespace openlim::config {
namespace {

TEST(SizeUnits, FactorsAnyCase) {
  EXPECT_DOUBLE_EQ(sizeUnitToMb("K"), 1.0 / 1024);
  EXPECT_DOUBLE_EQ(sizeUnitToMb("kb"), 1.0 / 1024);
  EXPECT_DOUBLE_EQ(sizeUnitToMb("M"), 1);
  EXPECT_DOUBLE_EQ(sizeUnitToMb("Gb"), 1024);
  EXPECT_DOUBLE_EQ(sizeUnitToMb("t"), 1024.0 * 1024);
  EXPECT_DOUBLE_EQ(sizeUnitToMb("PB"), 1024.0 * 1024 * 1024);
  EXPECT_EQ(sizeUnitToMb("X"), 0);
  EXPECT_EQ(sizeUnitToMb("GiB"), 0);
  EXPECT_EQ(sizeUnitToMb(""), 0);
}

TEST(SizeUnits, ParseSize) {
  EXPECT_DOUBLE_EQ(*parseSize("500M"), 500);
  EXPECT_DOUBLE_EQ(*parseSize("2G"), 2048);
  EXPECT_DOUBLE_EQ(*parseSize(".5g"), 512);
  EXPECT_DOUBLE_EQ(*parseSize("1e3"), 1000);
  EXPECT_DOUBLE_EQ(*parseSize("300"), 300);
}

TEST(SizeUnits, ParseSizeMalformed) {
  for (const char* bad : {"", "G", "2X", "2 G", "2GG", "0x10", "G2", "1e", "nan", "2G5"}) {
    auto r = parseSize(bad);
    ASSERT_FALSE(r.isOk()) << bad;
    EXPECT_EQ(r.status().code(), Code::kInvalid) << bad;
  }
  EXPECT_NE(parseSize("2X").status().message().find("unknown unit 'X'"), std::string::npos);
}

// Where the unit begins: what a caller reads to tell a bad number from a bad unit.
TEST(SizeUnits, SplitSizeAtTheTrailingLetters) {
  EXPECT_EQ(splitSize("1.5gb").number, "1.5");
  EXPECT_EQ(splitSize("1.5gb").unit, "gb");
  EXPECT_EQ(splitSize("1e3").number, "1e3");
  EXPECT_EQ(splitSize("1e3").unit, "");
  EXPECT_EQ(splitSize("x2X").number, "x2");
  EXPECT_EQ(splitSize("G").number, "");
}

TEST(SizeUnits, SizeIndices) {
  EXPECT_TRUE(isSizeIndex("mem"));
  EXPECT_TRUE(isSizeIndex("swp"));
  EXPECT_TRUE(isSizeIndex("tmp"));
  EXPECT_FALSE(isSizeIndex("r1m"));
  EXPECT_FALSE(isSizeIndex("ut"));
}

}  // namespace
}  // namespace openlim::config
