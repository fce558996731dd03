// lsmon's keys (LSF's list: ^L i n N E R q) and the answers its prompts accept.
#include "format/monitor_settings.h"

#include <gtest/gtest.h>

namespace openlim::format {
namespace {

TEST(MonitorKeys, LsfKeysMapToTheirActions) {
  EXPECT_EQ(monitorKey('q'), MonitorKey::kQuit);
  EXPECT_EQ(monitorKey(12), MonitorKey::kRedraw);  // ^L
  EXPECT_EQ(monitorKey('i'), MonitorKey::kInterval);
  EXPECT_EQ(monitorKey('n'), MonitorKey::kNumHosts);
  EXPECT_EQ(monitorKey('N'), MonitorKey::kNormalised);
  EXPECT_EQ(monitorKey('E'), MonitorKey::kEffective);
  EXPECT_EQ(monitorKey('R'), MonitorKey::kResreq);
  for (int other : {int{'Q'}, int{'x'}, int{' '}, 0, -1, 27, 410})
    EXPECT_EQ(monitorKey(other), MonitorKey::kNone) << other;
}

TEST(MonitorKeys, OnlyIntervalHostsAndRequirementAsk) {
  EXPECT_TRUE(needsAnswer(MonitorKey::kInterval));
  EXPECT_TRUE(needsAnswer(MonitorKey::kNumHosts));
  EXPECT_TRUE(needsAnswer(MonitorKey::kResreq));
  EXPECT_FALSE(needsAnswer(MonitorKey::kNormalised));
  EXPECT_FALSE(needsAnswer(MonitorKey::kQuit));
  EXPECT_FALSE(promptFor(MonitorKey::kResreq).empty());
  EXPECT_TRUE(promptFor(MonitorKey::kQuit).empty());
}

TEST(MonitorKeys, NAndEToggleAgainstRawAndSwitchBetweenEachOther) {
  MonitorSettings s;
  EXPECT_TRUE(applyToggle(s, MonitorKey::kNormalised));
  EXPECT_EQ(s.load.runQueues, RunQueueMode::kNormalised);
  EXPECT_TRUE(applyToggle(s, MonitorKey::kEffective));
  EXPECT_EQ(s.load.runQueues, RunQueueMode::kEffective);
  EXPECT_TRUE(applyToggle(s, MonitorKey::kEffective));
  EXPECT_EQ(s.load.runQueues, RunQueueMode::kRaw);
  EXPECT_FALSE(applyToggle(s, MonitorKey::kInterval));
  EXPECT_EQ(s.load.runQueues, RunQueueMode::kRaw);
}

TEST(MonitorAnswers, IntervalAndHostCountAreBoundedWholeNumbers) {
  MonitorSettings s;
  EXPECT_TRUE(applyAnswer(s, MonitorKey::kInterval, " 3 ").isOk());
  EXPECT_EQ(s.interval, 3);
  for (const char* bad : {"0", "-2", "1.5", "5s", "86401", "99999999999"}) {
    Status st = applyAnswer(s, MonitorKey::kInterval, bad);
    EXPECT_EQ(st.code(), Code::kInvalid) << bad;
    EXPECT_EQ(s.interval, 3) << bad;
  }
  EXPECT_TRUE(applyAnswer(s, MonitorKey::kNumHosts, "0").isOk());
  EXPECT_EQ(s.numHosts, 0);
  EXPECT_TRUE(applyAnswer(s, MonitorKey::kNumHosts, "25").isOk());
  EXPECT_EQ(s.numHosts, 25);
  EXPECT_FALSE(applyAnswer(s, MonitorKey::kNumHosts, "many").isOk());
  EXPECT_EQ(s.numHosts, 25);
}

TEST(MonitorAnswers, EmptyAnswerKeepsTheSetting) {
  MonitorSettings s;
  s.resreq = "select[cs]";
  EXPECT_TRUE(applyAnswer(s, MonitorKey::kResreq, "  ").isOk());
  EXPECT_EQ(s.resreq, "select[cs]");
  EXPECT_TRUE(applyAnswer(s, MonitorKey::kInterval, "").isOk());
  EXPECT_EQ(s.interval, 10);
}

TEST(MonitorAnswers, RequirementIsTakenAsTypedUpToABound) {
  MonitorSettings s;
  EXPECT_TRUE(applyAnswer(s, MonitorKey::kResreq, "order[mem] ").isOk());
  EXPECT_EQ(s.resreq, "order[mem]");
  std::string huge(kMaxMonitorResreq + 1, 'x');
  EXPECT_EQ(applyAnswer(s, MonitorKey::kResreq, huge).code(), Code::kInvalid);
  EXPECT_EQ(s.resreq, "order[mem]");
}

}  // namespace
}  // namespace openlim::format
