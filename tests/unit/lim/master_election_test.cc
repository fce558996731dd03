// Election state machine under a fake clock (seconds as plain doubles).
#include "master/election.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace openlim::master {
namespace {

const std::vector<std::string> kCands = {"hostA", "hostB", "hostC"};
const ElectionParams kParams{.exInterval = 15, .masterInactivityLimit = 2, .probeTimeout = 2};

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(Election, FirstCandidateClaimsAfterTheStartupProbeWindow) {
  Election e("hostA", kCands, kParams, 100);
  ElectionActions a = e.tick(100);
  EXPECT_TRUE(has(a.probe, "hostB"));
  EXPECT_TRUE(has(a.probe, "hostC"));
  EXPECT_FALSE(e.isMaster());
  EXPECT_EQ(e.master(), "");
  a = e.tick(102);
  EXPECT_TRUE(e.isMaster());
  EXPECT_TRUE(a.heartbeat);
}

TEST(Election, RestartingSecondCandidateLearnsTheMasterWithoutClaiming) {
  Election e("hostB", kCands, kParams, 0);
  EXPECT_TRUE(has(e.tick(0).probe, "hostA"));
  e.onClaim("hostA", true, 0.01);  // probe reply
  e.tick(5);
  EXPECT_EQ(e.master(), "hostA");
  EXPECT_FALSE(e.isMaster());
}

TEST(Election, TakesOverAfterInactivityLimitPlusProbeTimeoutAndNotBefore) {
  Election e("hostB", kCands, kParams, 0);
  e.tick(0);
  e.onClaim("hostA", true, 1);  // last heartbeat from hostA at t=1
  e.tick(20);
  EXPECT_EQ(e.master(), "hostA");
  ElectionActions a = e.tick(31);  // 1 + 2 x 15: silent; probe once
  EXPECT_EQ(a.probe, std::vector<std::string>{"hostA"});
  EXPECT_EQ(e.master(), "hostA");
  EXPECT_TRUE(e.tick(32.9).probe.empty());  // probed already
  EXPECT_EQ(e.master(), "hostA");
  a = e.tick(33.1);
  EXPECT_TRUE(e.isMaster());
  EXPECT_TRUE(a.heartbeat);  // announces the new role at once
}

TEST(Election, AnsweredProbeKeepsTheMaster) {
  Election e("hostB", kCands, kParams, 0);
  e.tick(0);
  e.onClaim("hostA", true, 1);
  e.tick(31);
  e.onClaim("hostA", true, 31.5);  // probe reply
  e.tick(40);
  EXPECT_EQ(e.master(), "hostA");
}

TEST(Election, MasterYieldsAtOnceWhenAHigherCandidateReturns) {
  Election e("hostB", kCands, kParams, 0);
  e.tick(0);
  e.tick(3);
  ASSERT_TRUE(e.isMaster());      // hostA never heard
  e.onClaim("hostA", false, 50);  // hostA came back (heartbeat while still starting)
  EXPECT_EQ(e.master(), "hostA");
  EXPECT_FALSE(e.isMaster());
}

TEST(Election, LowerCandidateClaimDoesNotUnseatTheMaster) {
  Election e("hostA", kCands, kParams, 0);
  e.tick(0);
  e.tick(3);
  e.onClaim("hostB", true, 4);
  EXPECT_TRUE(e.isMaster());
}

TEST(Election, NonCandidateFollowsTheClaimingCandidate) {
  Election e("hostZ", kCands, kParams, 0);
  EXPECT_FALSE(e.isCandidate());
  e.tick(0);
  e.onHeard("hostA", 1);  // heard, but no claim: not a master yet
  e.tick(1);
  EXPECT_EQ(e.master(), "");
  e.onClaim("hostB", true, 2);
  EXPECT_EQ(e.master(), "hostB");
  e.onClaim("hostA", true, 3);  // a higher candidate claims: it wins
  EXPECT_EQ(e.master(), "hostA");
  EXPECT_FALSE(e.tick(4).heartbeat);  // non-candidates never heartbeat
}

TEST(Election, CandidatesHeartbeatEveryExchange) {
  Election e("hostC", kCands, kParams, 0);
  EXPECT_TRUE(e.tick(0).heartbeat);
  e.onClaim("hostA", true, 1);
  EXPECT_FALSE(e.tick(10).heartbeat);
  EXPECT_TRUE(e.tick(15).heartbeat);
}

TEST(Election, NextDeadlineIsNeverInThePastAfterATick) {
  Election e("hostB", kCands, kParams, 0);
  e.tick(0);
  e.onClaim("hostA", true, 1);
  for (double t : {0.5, 2.5, 31.0, 33.5, 50.0, 100.0}) {
    e.tick(t);
    EXPECT_GT(e.nextDeadline(), t) << t;
  }
}

TEST(Election, ReconfigureChangesTheCandidateOrder) {
  Election e("hostB", kCands, kParams, 0);
  e.tick(0);
  e.onClaim("hostA", true, 1);
  e.tick(2.5);
  EXPECT_EQ(e.master(), "hostA");
  e.reconfigure({"hostB", "hostA"}, kParams);
  e.tick(3);
  EXPECT_TRUE(e.isMaster());
}

}  // namespace
}  // namespace openlim::master
