// The lim loop's sleep (node/loop_wait.h) on a fake clock, and the node's own bound on it
// (LimNode::maxTickGap): an idle lim sleeps until its next real deadline.
#include "node/loop_wait.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "node_cluster.h"

namespace openlim::node::testing {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(LoopWait, SleepsUntilTheNextDeadlineNotOnABeat) {
  EXPECT_EQ(pollTimeoutMs(100, {.next = 104.5, .maxGap = kInf}), 4501);
  EXPECT_EQ(pollTimeoutMs(100, {.next = 115, .maxGap = kInf}), 15001);
}

TEST(LoopWait, AGapBoundsTheSleep) {
  EXPECT_EQ(pollTimeoutMs(100, {.next = 104.5, .maxGap = 1}), 1001);
  EXPECT_EQ(pollTimeoutMs(100, {.next = 100.25, .maxGap = 1}), 251);
}

TEST(LoopWait, APassedDeadlineOrUrgentWorkDoesNotSleep) {
  EXPECT_EQ(pollTimeoutMs(100, {.next = 99, .maxGap = kInf}), 1);  // +1 ms: never a spin
  EXPECT_EQ(pollTimeoutMs(100, {.next = 99, .maxGap = kInf, .paced = true}), 0);
  EXPECT_EQ(pollTimeoutMs(100, {.next = 200, .maxGap = kInf, .urgent = true}), 0);
}

TEST(LoopWait, AnAnnounceRoundRoundsUpToItsMillisecond) {
  EXPECT_EQ(pollTimeoutMs(100, {.next = 100.0101, .maxGap = kInf, .paced = true}), 11);
  EXPECT_EQ(pollTimeoutMs(100, {.next = 100.0101, .maxGap = kInf}), 11);
  EXPECT_EQ(pollTimeoutMs(100, {.next = 100.0109, .maxGap = kInf, .paced = true}), 11);
  EXPECT_EQ(pollTimeoutMs(100, {.next = 100.0109, .maxGap = kInf}), 11);
  EXPECT_EQ(pollTimeoutMs(100, {.next = 100.5, .maxGap = kInf, .paced = true}), 500);
}

TEST(LoopWait, NothingDueSleepsUntilAnEventAndABrokenDeadlineDoesNot) {
  EXPECT_EQ(pollTimeoutMs(100, {.next = kInf, .maxGap = kInf}), -1);
  EXPECT_EQ(pollTimeoutMs(100, {.next = kInf, .maxGap = 2}), 2001);
  EXPECT_EQ(pollTimeoutMs(100, {.next = std::nan(""), .maxGap = kInf}), 1);
}

// A node timer on the sample's instant (the report and heartbeat, on the EXINTERVAL grid)
// waits for the sample's wake-up, 10 ms on, so melim's line of that instant wakes the loop
// once for all of them; one due before the instant, or after the wake-up, stands.
TEST(LoopWait, ANodeTimerOnTheSampleInstantWaitsForTheSampleWakeUp) {
  EXPECT_DOUBLE_EQ(wakeWithSample(45, 45, 0.01), 45.01);
  EXPECT_DOUBLE_EQ(wakeWithSample(45.004, 45, 0.01), 45.01);
  EXPECT_DOUBLE_EQ(wakeWithSample(44.999, 45, 0.01), 44.999);
  EXPECT_DOUBLE_EQ(wakeWithSample(45.01, 45, 0.01), 45.01);
  EXPECT_DOUBLE_EQ(wakeWithSample(46, 45, 0.01), 46);
  EXPECT_EQ(wakeWithSample(kInf, 45, 0.01), kInf);
}

const char* kReserve2 = R"({"op":"reserve","n":2,"lease":600})";

// An idle cluster has only monotonic deadlines; a lease (ended on the wall clock) brings back
// a tick each second on the hosts that know of it, until it is gone.
TEST(LoopWait, TheNodeBoundsTheSleepOnlyWhileAWallClockTimerRuns) {
  NodeCluster c(clusterConfig(ReservationConsistency::kAvailable));
  c.run(60);
  ASSERT_EQ(c.master("hostB"), "hostA");
  for (const char* h : {"hostA", "hostB", "hostC"}) {
    EXPECT_EQ(c.node(h).maxTickGap(), kInf) << h;
    EXPECT_TRUE(std::isfinite(c.node(h).nextDeadline())) << h;  // its reports, at least
  }
  format::Json ok = c.local("hostB", kReserve2);
  ASSERT_TRUE(ok.isObject() && ok.find("id")) << ok.compact();
  EXPECT_EQ(c.node("hostA").maxTickGap(), 1.0);  // the master's ledger has the lease
  const std::string id = ok.stringOr("id");
  format::Json released = c.local("hostB", R"({"op":"release","ids":[")" + id + R"("]})");
  c.run(5);
  EXPECT_EQ(c.node("hostA").reservations().ledger().size(), 0u) << released.compact();
  EXPECT_EQ(c.node("hostA").maxTickGap(), kInf);
}

// Quorum mode's majority follows the election's own deadlines: no bound for it alone.
TEST(LoopWait, QuorumModeAloneSetsNoBound) {
  NodeCluster c(clusterConfig(ReservationConsistency::kQuorum));
  c.run(60);
  EXPECT_EQ(c.node("hostA").maxTickGap(), kInf);
}

// A shared instance that hostB or hostC measures moves when its host's reports stop, which
// the master sees only on a tick.
TEST(LoopWait, AMasterWhoseSharedInstanceCanMoveTicksEachSecond) {
  auto config = std::make_shared<ConfigSnapshot>(*clusterConfig(ReservationConsistency::kQuorum));
  config->resources.push_back({.name = "licenses",
                               .type = ResourceType::kNumeric,
                               .interval = 30,
                               .dynamic = true,
                               .shared = true});
  config->instances.push_back({.resource = "licenses", .hosts = {"hostB", "hostC"}});
  config->buildIndexes();
  NodeCluster c(config);
  c.run(60);
  ASSERT_EQ(c.master("hostB"), "hostA");
  EXPECT_EQ(c.node("hostA").maxTickGap(), 1.0);
  EXPECT_EQ(c.node("hostB").maxTickGap(), kInf);  // not master: no instance to move
}

}  // namespace
}  // namespace openlim::node::testing
