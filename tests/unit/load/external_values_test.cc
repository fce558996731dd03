// The agent's external values age by lim's own clock (fake here): stale after INTERVAL x
// LSF_ELIM_STALE_FACTOR whatever melim does, each with its own age from melim's status.
#include "load/external_values.h"

#include <gtest/gtest.h>

#include <cmath>

namespace openlim {
namespace {

ExternalVector vec(std::initializer_list<std::pair<const char*, const char*>> kv) {
  std::string line = std::to_string(kv.size());
  for (auto [k, v] : kv) line += std::string(" ") + k + " " + v;
  return *parseMelimLine(line);
}

class ExternalValuesTest : public ::testing::Test {
 protected:
  void SetUp() override { ev_.setLimits({{"nio", 30}, {"usr_tmp", 90}}, 180); }
  ExternalValues ev_;
};

TEST(StaleLimit, IntervalTimesFactorWithMelimsDefaults) {
  ClusterParams p;
  p.elimStaleFactor = 3;
  ResourceDef nio;
  nio.interval = 10;
  EXPECT_DOUBLE_EQ(staleLimit(&nio, p), 30);
  EXPECT_DOUBLE_EQ(staleLimit(nullptr, p), 180);  // no INTERVAL: melim's 60 s
  p.elimStaleFactor = 0;
  EXPECT_EQ(staleLimit(&nio, p), INFINITY);
}

TEST_F(ExternalValuesTest, ValuesGoStaleOnLimsClockWhenMelimFallsSilent) {
  EXPECT_TRUE(ev_.applyVector(vec({{"nio", "344"}, {"usr_tmp", "12"}}), 100));
  EXPECT_DOUBLE_EQ(ev_.nextExpiry(), 130);
  EXPECT_FALSE(ev_.expire(129.9));
  EXPECT_DOUBLE_EQ(ev_.age("nio", 129.9), 29.9);
  EXPECT_TRUE(ev_.expire(130));  // nothing from melim since: nio is unknown now
  EXPECT_FALSE(ev_.values().at("nio").known);
  EXPECT_TRUE(std::isnan(ev_.age("nio", 130)));
  EXPECT_TRUE(ev_.values().at("usr_tmp").known);
  EXPECT_TRUE(ev_.expire(190));
  EXPECT_FALSE(ev_.values().at("usr_tmp").known);
  EXPECT_EQ(ev_.expiredCount(), 2u);
  EXPECT_EQ(ev_.nextExpiry(), INFINITY);
}

TEST_F(ExternalValuesTest, RepeatedValueKeepsItsArrivalUntilMelimSaysItIsFresh) {
  ev_.applyVector(vec({{"nio", "344"}}), 100);
  EXPECT_FALSE(ev_.applyVector(vec({{"nio", "344"}}), 120));
  EXPECT_DOUBLE_EQ(ev_.age("nio", 120), 20);
  // melim's status line: its elim repeated 344 two seconds ago.
  EXPECT_FALSE(ev_.applyAges({{"nio", "344", 2}}, 120));
  EXPECT_DOUBLE_EQ(ev_.age("nio", 121), 3);
  EXPECT_DOUBLE_EQ(ev_.nextExpiry(), 148);
  // A changed value arrives now.
  ev_.applyVector(vec({{"nio", "345"}}), 125);
  EXPECT_DOUBLE_EQ(ev_.age("nio", 125), 0);
}

TEST_F(ExternalValuesTest, AgesOfAnotherValueAreIgnored) {
  ev_.applyVector(vec({{"nio", "344"}}), 100);
  ev_.applyAges({{"nio", "999", 1}, {"other", "1", 0}}, 110);
  EXPECT_DOUBLE_EQ(ev_.age("nio", 110), 10);
}

TEST_F(ExternalValuesTest, StaleValueRepeatedByMelimStaysStaleUnlessItsAgeIsFresh) {
  ev_.applyVector(vec({{"nio", "344"}}), 100);
  EXPECT_TRUE(ev_.expire(130));
  EXPECT_FALSE(ev_.applyVector(vec({{"nio", "344"}}), 131));
  EXPECT_FALSE(ev_.values().at("nio").known);
  EXPECT_TRUE(ev_.applyAges({{"nio", "344", 1}}, 132));  // melim's elim did repeat it
  EXPECT_TRUE(ev_.values().at("nio").known);
  EXPECT_DOUBLE_EQ(ev_.age("nio", 132), 1);
}

TEST_F(ExternalValuesTest, UnknownAndAbsentValuesHaveNoAge) {
  ev_.applyVector(vec({{"nio", "-"}, {"usr_tmp", "5"}}), 0);
  EXPECT_TRUE(std::isnan(ev_.age("nio", 1)));
  EXPECT_TRUE(std::isnan(ev_.age("licenses", 1)));
  EXPECT_DOUBLE_EQ(ev_.age("usr_tmp", 1), 1);
  EXPECT_TRUE(ev_.clear());
  EXPECT_TRUE(ev_.values().empty());
  EXPECT_TRUE(std::isnan(ev_.age("usr_tmp", 1)));
}

TEST_F(ExternalValuesTest, ValueRepeatedPastItsLimitIsStaleAtOnce) {
  ev_.applyVector(vec({{"nio", "344"}}), 100);
  ev_.applyVector(vec({{"nio", "344"}}), 140);  // lim's loop was late to call expire()
  EXPECT_FALSE(ev_.values().at("nio").known);
  EXPECT_EQ(ev_.expiredCount(), 1u);
}

TEST(MelimValueAges, ParsesKnownValuesAndSkipsTheRest) {
  auto a = parseMelimValueAges(
      R"({"type":"melim_status","elims":[],"values":[{"name":"nio","value":"344","age":9.9,)"
      R"("elim":"elim.nio"},{"name":"lic","value":null},{"name":"x","value":"1","age":-1},)"
      R"({"value":"1","age":1}]})");
  ASSERT_TRUE(a);
  ASSERT_EQ(a->size(), 1u);
  EXPECT_EQ((*a)[0].name, "nio");
  EXPECT_EQ((*a)[0].text, "344");
  EXPECT_DOUBLE_EQ((*a)[0].age, 9.9);
  EXPECT_FALSE(parseMelimValueAges("not json"));
  EXPECT_FALSE(parseMelimValueAges(R"({"elims":1})"));
  EXPECT_FALSE(parseMelimValueAges(R"({"values":{}})"));
  EXPECT_FALSE(parseMelimValueAges(std::string(100, '[')));  // depth is capped
}

}  // namespace
}  // namespace openlim
