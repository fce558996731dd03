// Strict number parsing: the whole token or nothing, never a silent 0.
#include "util/strict_number.h"

#include <gtest/gtest.h>

namespace openlim {
namespace {

TEST(ParseDouble, AcceptsPlainDecimalForms) {
  EXPECT_DOUBLE_EQ(*parseDouble("0"), 0.0);
  EXPECT_DOUBLE_EQ(*parseDouble("3.5"), 3.5);
  EXPECT_DOUBLE_EQ(*parseDouble("-2"), -2.0);
  EXPECT_DOUBLE_EQ(*parseDouble("+7.25"), 7.25);
  EXPECT_DOUBLE_EQ(*parseDouble(".5"), 0.5);
  EXPECT_DOUBLE_EQ(*parseDouble("5."), 5.0);
  EXPECT_DOUBLE_EQ(*parseDouble("1e3"), 1000.0);
  EXPECT_DOUBLE_EQ(*parseDouble("2.5E-2"), 0.025);
}

TEST(ParseDouble, RejectsEverythingThatIsNotAWholeDecimalToken) {
  for (const char* bad :
       {"",    " 1",   "1 ",       "abc",   "5x",  "5MB",  "1e",    "1e+",   "e5",
        ".",   "-",    "+",        "+-1",   "--1", "0x10", "0X1F",  "nan",   "NaN",
        "inf", "-inf", "Infinity", "1.2.3", "1,5", "90%",  "1e999", "-1e999"}) {
    auto r = parseDouble(bad);
    EXPECT_FALSE(r.isOk()) << "accepted <" << bad << ">";
    if (!r.isOk()) {
      EXPECT_EQ(r.status().code(), Code::kInvalid);
    }
  }
}

TEST(ParseDouble, ErrorNamesTheToken) {
  auto r = parseDouble("12abc");
  ASSERT_FALSE(r.isOk());
  EXPECT_NE(r.status().message().find("<12abc>"), std::string::npos);
}

TEST(ParseInt64, AcceptsSignedDecimalIntegers) {
  EXPECT_EQ(*parseInt64("0"), 0);
  EXPECT_EQ(*parseInt64("-42"), -42);
  EXPECT_EQ(*parseInt64("+42"), 42);
  EXPECT_EQ(*parseInt64("9223372036854775807"), INT64_MAX);
}

TEST(ParseInt64, RejectsFractionsExponentsHexAndOverflow) {
  for (const char* bad : {"", "1.0", "1e3", "0x10", "12a", " 1", "1 ", "-", "+", "+-1",
                          "9223372036854775808", "nan", "inf"}) {
    EXPECT_FALSE(parseInt64(bad).isOk()) << "accepted <" << bad << ">";
  }
}

TEST(ParseInt, RejectsValuesOutsideInt) {
  EXPECT_EQ(*parseInt("2147483647"), 2147483647);
  EXPECT_FALSE(parseInt("2147483648").isOk());
  EXPECT_FALSE(parseInt("-2147483649").isOk());
}

TEST(ToDouble, ReturnsNulloptInsteadOfZero) {
  EXPECT_FALSE(toDouble("zero").has_value());
  EXPECT_EQ(toDouble("0").value(), 0.0);
  EXPECT_FALSE(toInt64("0.5").has_value());
  EXPECT_EQ(toInt64("17").value(), 17);
}

TEST(ReadsAsNumber, FlagsNumericAndSpecialWords) {
  for (const char* w : {"9", "1e5", "inf", "NAN", "Infinity", "-inf", "0x1f", ".5"})
    EXPECT_TRUE(readsAsNumber(w)) << w;
  for (const char* w : {"", "mem", "e5", "nio", "x0", "infra", "nano"})
    EXPECT_FALSE(readsAsNumber(w)) << w;
}

}  // namespace
}  // namespace openlim
