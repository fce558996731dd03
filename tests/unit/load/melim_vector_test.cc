// Lines melim writes on stdout: the whole merged vector, "-" for unknown.
#include <gtest/gtest.h>

#include <cmath>

#include "load/procfs/melim_vector.h"

namespace openlim {
namespace {

TEST(MelimLine, ParsesNumbersStringsAndUnknowns) {
  auto v = parseMelimLine("3 tmp2 47.5 gpu_model A100 licenses -");
  ASSERT_TRUE(v.isOk()) << v.status().message();
  ASSERT_EQ(v->size(), 3u);
  EXPECT_TRUE(v->at("tmp2").known);
  EXPECT_DOUBLE_EQ(v->at("tmp2").number, 47.5);
  EXPECT_EQ(v->at("gpu_model").text, "A100");
  EXPECT_TRUE(std::isnan(v->at("gpu_model").number));
  EXPECT_FALSE(v->at("licenses").known);
}

TEST(MelimLine, EmptyVectorIsValid) {
  auto v = parseMelimLine("0");
  ASSERT_TRUE(v.isOk());
  EXPECT_TRUE(v->empty());
}

TEST(MelimLine, RejectsMalformedLinesWhole) {
  for (auto bad : {"", "   ", "x a 1", "-1", "2 a 1", "1 a 1 b 2", "1 a", "2 a 1 a 2", "1.5 a 1",
                   "99999999999999999999 a 1"})
    EXPECT_FALSE(parseMelimLine(bad).isOk()) << "<" << bad << ">";
  EXPECT_FALSE(parseMelimLine("1 " + std::string(200, 'n') + " 1").isOk());
}

TEST(MelimLine, NonFiniteNumbersAreNotNumbers) {
  auto v = parseMelimLine("2 a nan b 0x10");
  ASSERT_TRUE(v.isOk());
  EXPECT_TRUE(std::isnan(v->at("a").number));
  EXPECT_TRUE(std::isnan(v->at("b").number));
}

}  // namespace
}  // namespace openlim
