#include "util/crc32.h"

#include <gtest/gtest.h>

namespace openlim::util {
namespace {

TEST(Crc32, MatchesTheStandardCheckValue) {
  EXPECT_EQ(crc32("123456789"), 0xCBF43926u);
  EXPECT_EQ(crc32(""), 0u);
  EXPECT_NE(crc32("a"), crc32("b"));
}

}  // namespace
}  // namespace openlim::util
