// The value texts LSF users read every day (LSF's command reference): never an exponent, never a
// cut value, memory in M/G/T.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "format/json.h"
#include "format/text.h"
#include "format/values.h"

namespace openlim::format {
namespace {

TEST(MemoryText, BelowOneGigabyteIsWholeMegabytes) {
  EXPECT_EQ(memoryText(0, false), "0M");
  EXPECT_EQ(memoryText(603, false), "603M");
  EXPECT_EQ(memoryText(1023.4, false), "1023M");
}

TEST(MemoryText, GigabytesKeepOneDecimalWhileItFitsFiveCharacters) {
  EXPECT_EQ(memoryText(1.4 * 1024, false), "1.4G");
  EXPECT_EQ(memoryText(15.6 * 1024, false), "15.6G");
  EXPECT_EQ(memoryText(10 * 1024, false), "10G");  // trailing .0 dropped
  EXPECT_EQ(memoryText(904.3 * 1024, false), "904G");
  EXPECT_EQ(memoryText(904.3 * 1024, true), "904.3G");  // -w/-l keep the decimal
}

TEST(MemoryText, TerabytesAboveOneThousandTwentyFourGigabytes) {
  EXPECT_EQ(memoryText(2.9 * 1024 * 1024, false), "2.9T");
  EXPECT_EQ(memoryText(2048.0 * 1024 * 1024, false), "2048T");
}

TEST(TmpText, IntegerMegabytesBelowTenThousandThenGigabytes) {
  EXPECT_EQ(tmpText(2391), "2391M");
  EXPECT_EQ(tmpText(9999), "9999M");
  EXPECT_EQ(tmpText(112 * 1024), "112G");
}

TEST(IndexText, BuiltinFormatsAsLsf) {
  EXPECT_EQ(indexText("r1m", 0.44, false), "0.4");
  EXPECT_EQ(indexText("ut", 0.455, false), "46%");
  EXPECT_EQ(indexText("pg", 1234.56, false), "1234.6");
  EXPECT_EQ(indexText("it", 40512, false), "40512");
  EXPECT_EQ(indexText("io", 987654.4, false), "987654");
}

TEST(IndexText, LargeExternalValuesAreNeverExponents) {
  EXPECT_EQ(indexText("nio", 40512, false), "40512.0");  // OpenLava printed 4e+04
  EXPECT_EQ(indexText("nio", 1e11, false), "100000000000.0");
  EXPECT_EQ(indexText("it", 2.592e8, false), "259200000");  // OpenLava: 2e+08
}

TEST(IndexText, UnknownIsADash) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(indexText("mem", nan, false), "-");
  EXPECT_EQ(indexText("r1m", std::numeric_limits<double>::infinity(), false), "-");
  EXPECT_EQ(valueText(Value::unknown()), "-");
}

TEST(Fixed, NegativeZeroShowsAsZero) {
  EXPECT_EQ(fixed(-0.04, 1), "0.0");
  EXPECT_EQ(fixed(-0.06, 1), "-0.1");
}

TEST(PlainNumber, IntegersWithoutDecimalsOthersTrimmed) {
  EXPECT_EQ(plainNumber(5), "5");
  EXPECT_EQ(plainNumber(4.25), "4.25");
  EXPECT_EQ(plainNumber(0.1), "0.1");
  EXPECT_EQ(plainNumber(1e14), "100000000000000");
}

TEST(RunQueue, EffectiveDividesByCpusNormalisedScalesByCpuFactor) {
  EXPECT_DOUBLE_EQ(runQueueShown(4.0, RunQueueMode::kRaw, 4, 50, 250), 4.0);
  EXPECT_DOUBLE_EQ(runQueueShown(4.0, RunQueueMode::kEffective, 4, 50, 250), 1.0);
  EXPECT_DOUBLE_EQ(runQueueShown(4.0, RunQueueMode::kNormalised, 4, 50, 250), 5.0);
  // Missing ncpus or cpuf count as 1.
  EXPECT_DOUBLE_EQ(runQueueShown(3.0, RunQueueMode::kNormalised, 0, 0, 2), 6.0);
}

TEST(WrapWords, WrapsBeforeTheLimitAndIndents) {
  std::string s = wrapWords({"aaaa", "bbbb", "cccc"}, 0, 10, 2);
  EXPECT_EQ(s, "aaaa bbbb\n  cccc");
  EXPECT_EQ(wrapWords({"averyveryverylongword"}, 5, 10, 2), "averyveryverylongword");
}

TEST(Json, StableOrderNullForUnknownAndEscapes) {
  Json o = Json::object();
  o.set("b", Json::number(1.5))
      .set("a", Json::number(std::nan("")))
      .set("s", Json::string("q\"\n"));
  o.set("b", Json::number(2));  // replacing keeps the first position
  EXPECT_EQ(o.dump(), "{\n  \"b\": 2,\n  \"a\": null,\n  \"s\": \"q\\\"\\n\"\n}\n");
  EXPECT_EQ(jsonNumber(40512), "40512");
  EXPECT_EQ(jsonNumber(0.1), "0.1");
  EXPECT_EQ(Json::array().dump(), "[]\n");
}

}  // namespace
}  // namespace openlim::format
