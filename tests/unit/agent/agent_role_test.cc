// The agent role under a fake clock (seconds as plain doubles): report timing, early reports
// on significant change, role changes, timed locks and melim's resource set.
#include "agent/agent_role.h"

#include <gtest/gtest.h>

#include <cmath>

namespace openlim::agent {
namespace {

BuiltinVector quietSample() {
  BuiltinVector b;
  b.fill(0);
  b[static_cast<size_t>(BuiltinIndex::kMem)] = 4000;
  b[static_cast<size_t>(BuiltinIndex::kSwp)] = 1000;
  b[static_cast<size_t>(BuiltinIndex::kTmp)] = 500;
  return b;
}

protocol::LoadReport reportOf(const BuiltinVector& b) {
  protocol::LoadReport r{.host = "hostB"};
  for (size_t i = 0; i < b.size(); ++i) r.numbers.push_back({kBuiltinNames[i], b[i], NAN});
  return r;
}

// hostB, EXINTERVAL 15, follows master hostA from t=0 and sent one report at t=0.
class Agent : public ::testing::Test {
 protected:
  Agent() : role_({.host = "hostB", .exInterval = 15, .perHostResources = {}}, 0) {
    role_.onRole("hostA", false, 0);
    send(0);
  }
  // Ticks at `now`; when a report is due, "sends" the quiet sample. True when it reported.
  bool send(double now) {
    AgentActions a = role_.onTick(now);
    if (!a.reportTo) return false;
    EXPECT_EQ(*a.reportTo, "hostA");
    role_.onReportSent(reportOf(sample_));
    return true;
  }
  AgentRole role_;
  BuiltinVector sample_ = quietSample();
};

TEST_F(Agent, ReportsOnceEveryExchangeInterval) {
  EXPECT_EQ(role_.nextDeadline(), 15);
  EXPECT_FALSE(send(14.9));
  EXPECT_TRUE(send(15));
  EXPECT_FALSE(send(29.99));
  EXPECT_TRUE(send(30.2));
  // On multiples of EXINTERVAL (the 5 s sample's instants), not 15 s after the late turn:
  // a schedule that ran from each report sent would drift off the sample's wake-ups.
  EXPECT_EQ(role_.nextDeadline(), 45);
}

TEST_F(Agent, AnEarlyReportIsFollowedByTheNextMultipleOfTheInterval) {
  role_.setLock(true, 0, 7.5);  // reported at once ...
  EXPECT_TRUE(send(7.5));
  EXPECT_EQ(role_.nextDeadline(), 15);  // ... and again on the grid: at most EXINTERVAL later
  EXPECT_TRUE(send(15.003));
  EXPECT_EQ(role_.nextDeadline(), 30);
}

TEST_F(Agent, NoMasterKnownMovesTheScheduleButSendsNothing) {
  role_.onRole("", false, 1);
  EXPECT_FALSE(send(1));  // due at once for the change, nobody to send to
  EXPECT_EQ(role_.nextDeadline(), 15);
}

TEST_F(Agent, AQuietSampleWaitsForTheInterval) {
  role_.onSample(sample_);
  EXPECT_EQ(role_.nextDeadline(), 15);
}

TEST_F(Agent, ARunQueueMovingPastHalfAProcessReportsASecondAfterTheLast) {
  sample_[static_cast<size_t>(BuiltinIndex::kR1m)] = 0.4;
  role_.onSample(sample_);
  EXPECT_EQ(role_.nextDeadline(), 15);  // 0.4 is within the step
  sample_[static_cast<size_t>(BuiltinIndex::kR1m)] = 0.6;
  role_.onSample(sample_);
  EXPECT_EQ(role_.nextDeadline(), 1);
  EXPECT_FALSE(send(0.5));
  EXPECT_TRUE(send(1));
  role_.onSample(sample_);  // compared with what was sent: no longer a change
  EXPECT_EQ(role_.nextDeadline(), 15);
}

TEST_F(Agent, MemoryMovesAreSignificantPastTenPercentOrSixteenMegabytes) {
  sample_[static_cast<size_t>(BuiltinIndex::kMem)] = 4000 - 399;
  role_.onSample(sample_);
  EXPECT_EQ(role_.nextDeadline(), 15);
  sample_[static_cast<size_t>(BuiltinIndex::kMem)] = 4000 - 401;
  role_.onSample(sample_);
  EXPECT_EQ(role_.nextDeadline(), 1);
}

TEST_F(Agent, AnIndexBecomingUnknownIsSignificantButPagingAloneIsNot) {
  sample_[static_cast<size_t>(BuiltinIndex::kPg)] = 1000;
  role_.onSample(sample_);
  EXPECT_EQ(role_.nextDeadline(), 15);
  sample_[static_cast<size_t>(BuiltinIndex::kUt)] = NAN;
  role_.onSample(sample_);
  EXPECT_EQ(role_.nextDeadline(), 1);
}

TEST_F(Agent, ALateSignificantChangeReportsAtOnce) {
  sample_[static_cast<size_t>(BuiltinIndex::kR15s)] = 3;
  role_.onSample(sample_);  // due at lastReport + 1 = 1, which has passed by 7
  EXPECT_TRUE(send(7));
}

TEST_F(Agent, NewExternalValuesReportNoSoonerThanASecondAfterTheLast) {
  role_.onExternalValues(0.2);
  EXPECT_EQ(role_.nextDeadline(), 1);
  EXPECT_TRUE(send(1));
  role_.onExternalValues(5);
  EXPECT_EQ(role_.nextDeadline(), 5);
}

TEST_F(Agent, ANewMasterIsToldAtOnce) {
  role_.onRole("hostC", false, 4);
  AgentActions a = role_.onTick(4);
  ASSERT_TRUE(a.reportTo.has_value());
  EXPECT_EQ(*a.reportTo, "hostC");
  role_.onRole("hostC", false, 5);  // same master: back to the interval
  EXPECT_EQ(role_.nextDeadline(), 15);
}

TEST_F(Agent, TakingTheMasterRoleReportsToItselfAtOnce) {
  role_.onRole("hostB", true, 3);
  AgentActions a = role_.onTick(3);
  ASSERT_TRUE(a.reportTo.has_value());
  EXPECT_EQ(*a.reportTo, "hostB");
}

TEST_F(Agent, ATimedLockReportsAtOnceAndRunsOut) {
  role_.setLock(true, 30, 2);
  EXPECT_TRUE(role_.locked());
  EXPECT_EQ(role_.lockSecondsLeft(2), 30u);
  EXPECT_EQ(role_.lockSecondsLeft(10.5), 22u);  // rounded up
  EXPECT_EQ(role_.lockRemaining(10.5), 22);
  EXPECT_TRUE(send(2));
  EXPECT_EQ(role_.nextDeadline(), 15);
  for (double t = 15; t < 32; t += 15) send(t);
  EXPECT_EQ(role_.nextDeadline(), 32);  // the lock's end comes before the next report
  EXPECT_TRUE(role_.locked());
  EXPECT_TRUE(send(32));  // runs out: unlocked, and the master hears it at once
  EXPECT_FALSE(role_.locked());
  EXPECT_EQ(role_.lockSecondsLeft(32), 0u);
  EXPECT_EQ(role_.nextDeadline(), 45);
}

TEST_F(Agent, ALockWithoutSecondsLastsUntilUnlocked) {
  role_.setLock(true, 0, 2);
  EXPECT_EQ(role_.lockSecondsLeft(1e6), 0u);
  EXPECT_EQ(role_.lockRemaining(1e6), 0);
  for (double t = 2; t < 1000; t += 15) send(t);
  EXPECT_TRUE(role_.locked());
  role_.setLock(false, 0, 1000);
  EXPECT_FALSE(role_.locked());
  EXPECT_TRUE(send(1000));
}

TEST(AgentMelim, AShrunkSetSettlesBeforeARestartAndAReturnCancelsIt) {
  // A new master's provisional announce, then its settled one: no restart for nothing.
  AgentRole role({.host = "hostB", .exInterval = 15, .perHostResources = {"a"}}, 0);
  role.onRole("hostA", false, 0);
  protocol::Announce an{
      .sender = "hostA", .claimsMaster = true, .master = "hostA", .serves = {"lic"}};
  role.onAnnounce(an, "hostA");
  AgentActions act = role.onTick(0);
  ASSERT_TRUE(act.restartMelim.has_value());
  EXPECT_EQ(act.restartMelim->resources, (std::vector<std::string>{"a", "lic"}));
  an.serves.clear();
  role.onAnnounce(an, "hostA");
  EXPECT_FALSE(role.onTick(1).restartMelim.has_value());
  an.serves = {"lic"};
  role.onAnnounce(an, "hostA");
  EXPECT_FALSE(role.onTick(2).restartMelim.has_value());
  an.serves.clear();
  role.onAnnounce(an, "hostA");
  EXPECT_FALSE(role.onTick(3).restartMelim.has_value());
  act = role.onTick(8);
  ASSERT_TRUE(act.restartMelim.has_value());
  EXPECT_EQ(act.restartMelim->resources, std::vector<std::string>{"a"});
}

TEST(AgentMelim, NoExternalResourcesNoMelim) {
  AgentRole role({.host = "hostB", .exInterval = 15, .perHostResources = {}}, 0);
  role.onRole("hostA", false, 0);
  EXPECT_FALSE(role.onTick(0).restartMelim.has_value());
  role.onRole("hostB", true, 50);  // becoming master changes nothing without resources
  EXPECT_FALSE(role.onTick(50).restartMelim.has_value());
}

TEST(AgentMelim, PerHostResourcesStartMelimOnceAndAgainWhenTheRoleChanges) {
  AgentRole role({.host = "hostB", .exInterval = 15, .perHostResources = {"nio", "fs"}}, 0);
  role.onRole("hostA", false, 0);
  AgentActions a = role.onTick(0);
  ASSERT_TRUE(a.restartMelim.has_value());
  EXPECT_EQ(a.restartMelim->resources, (std::vector<std::string>{"fs", "nio"}));
  EXPECT_FALSE(a.restartMelim->master);
  EXPECT_FALSE(role.onTick(1).restartMelim.has_value());
  role.onRole("hostB", true, 2);  // LSF_MASTER changes: a fresh start under the new role
  a = role.onTick(2);
  ASSERT_TRUE(a.restartMelim.has_value());
  EXPECT_TRUE(a.restartMelim->master);
}

TEST(AgentMelim, SharedResourcesTheMasterAnnouncesJoinTheSetAndLeaveWithIt) {
  AgentRole role({.host = "hostB", .exInterval = 15, .perHostResources = {"nio"}}, 0);
  role.onRole("hostA", false, 0);
  role.onTick(0);
  protocol::Announce a{
      .sender = "hostA", .claimsMaster = true, .master = "hostA", .serves = {"lic"}};
  role.onAnnounce(a, "hostA");
  EXPECT_EQ(role.serves(), std::vector<std::string>{"lic"});
  AgentActions act = role.onTick(1);
  ASSERT_TRUE(act.restartMelim.has_value());
  EXPECT_EQ(act.restartMelim->resources, (std::vector<std::string>{"lic", "nio"}));
  a.serves.clear();  // the instance moved back to a higher host of its set
  role.onAnnounce(a, "hostA");
  EXPECT_FALSE(role.onTick(2).restartMelim.has_value());  // a removal settles first
  EXPECT_DOUBLE_EQ(role.nextDeadline(), 7);               // 2 + melimSettle (5)
  act = role.onTick(7);
  ASSERT_TRUE(act.restartMelim.has_value());
  EXPECT_EQ(act.restartMelim->resources, std::vector<std::string>{"nio"});
}

TEST(AgentMelim, OnlyTheMastersAnnounceSaysWhatThisHostServes) {
  AgentRole role({.host = "hostB", .exInterval = 15, .perHostResources = {}}, 0);
  role.onRole("hostA", false, 0);
  protocol::Announce notMaster{.sender = "hostC", .claimsMaster = true, .serves = {"lic"}};
  role.onAnnounce(notMaster, "hostA");
  protocol::Announce noClaim{.sender = "hostA", .claimsMaster = false, .serves = {"lic"}};
  role.onAnnounce(noClaim, "hostA");
  EXPECT_TRUE(role.serves().empty());
  EXPECT_FALSE(role.onTick(1).restartMelim.has_value());
}

TEST(AgentMelim, WhatTheMasterServedItselfIsDroppedWhenItLosesTheRole) {
  AgentRole role({.host = "hostA", .exInterval = 15, .perHostResources = {}}, 0);
  role.onRole("hostA", true, 0);
  role.onServesSelf({"cluster_lic"});  // [all] instances run on the master
  AgentActions a = role.onTick(0);
  ASSERT_TRUE(a.restartMelim.has_value());
  EXPECT_EQ(a.restartMelim->resources, std::vector<std::string>{"cluster_lic"});
  EXPECT_TRUE(a.restartMelim->master);
  role.onRole("hostZ", false, 10);  // a higher candidate took the role back
  EXPECT_TRUE(role.serves().empty());
  a = role.onTick(10);
  ASSERT_TRUE(a.restartMelim.has_value());
  EXPECT_TRUE(a.restartMelim->resources.empty());  // melim stops
}

TEST(AgentMelim, ReconfigWithANewResourceSetRestartsMelim) {
  AgentRole role({.host = "hostB", .exInterval = 15, .perHostResources = {"nio"}}, 0);
  role.onRole("hostA", false, 0);
  role.onTick(0);
  role.reconfigure({.host = "hostB", .exInterval = 15, .perHostResources = {"nio"}}, 5);
  EXPECT_FALSE(role.melimChange(false, 5).has_value());  // same set: melim keeps running
  role.reconfigure({.host = "hostB", .exInterval = 15, .perHostResources = {"nio", "gpu"}}, 6);
  auto m = role.melimChange(false, 6);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->resources, (std::vector<std::string>{"gpu", "nio"}));
  EXPECT_EQ(role.nextDeadline(), 6);  // and the master hears the new config at once
}

}  // namespace
}  // namespace openlim::agent
