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

// A master hears every host; only the candidates' liveness is kept (at 100,000 hosts an
// entry each for the others cost it 8 MB). A claim from a host that is no candidate changes
// nothing.
TEST(Election, OnlyTheCandidatesHeardAreTracked) {
  Election e("hostA", kCands, kParams, 100);
  e.tick(102);
  ASSERT_TRUE(e.isMaster());
  for (int i = 0; i < 1000; ++i) e.onHeard("server" + std::to_string(i), 103);
  e.onClaim("server7", true, 103);
  e.onHeard("hostC", 103);
  EXPECT_EQ(e.tracked(), 1u);
  EXPECT_TRUE(e.alive("hostC", 104));
  EXPECT_FALSE(e.alive("server7", 104));
  e.tick(104);
  EXPECT_EQ(e.master(), "hostA");
}

TEST(Election, RestartingSecondCandidateLearnsTheMasterWithoutClaiming) {
  Election e("hostB", kCands, kParams, 0);
  EXPECT_TRUE(has(e.tick(0).probe, "hostA"));
  e.onClaim("hostA", true, 0.01);  // probe reply
  e.tick(5);
  EXPECT_EQ(e.master(), "hostA");
  EXPECT_FALSE(e.isMaster());
}

// Candidates watch each other on the fast rule (election.h): silent after kSilentBeats beat
// periods (16 x 0.5 s at EXINTERVAL 15), then kConfirmProbes probes spread over PROBE_TIMEOUT.
// (This test asserted the old timing, 2 x EXINTERVAL + PROBE_TIMEOUT; the faster failover
// changed it by design, and the loss it must survive is measured in election_failover_test.)
TEST(Election, TakesOverAfterSilentBeatsPlusProbeTimeoutAndNotBefore) {
  Election e("hostB", kCands, kParams, 0);
  e.tick(0);
  e.onClaim("hostA", true, 1);  // last heartbeat from hostA at t=1
  EXPECT_TRUE(e.tick(8.9).probe.empty());
  EXPECT_EQ(e.master(), "hostA");
  ElectionActions a = e.tick(9);  // 1 + 16 x 0.5: silent; the first of four probes
  EXPECT_EQ(a.probe, std::vector<std::string>{"hostA"});
  EXPECT_EQ(e.master(), "hostA");
  EXPECT_TRUE(e.tick(9.4).probe.empty());  // the next one is due 0.5 s after the first
  EXPECT_EQ(e.tick(9.5).probe, std::vector<std::string>{"hostA"});
  EXPECT_EQ(e.tick(10).probe, std::vector<std::string>{"hostA"});
  EXPECT_EQ(e.tick(10.5).probe, std::vector<std::string>{"hostA"});
  EXPECT_TRUE(e.tick(10.9).probe.empty());  // four sent: no fifth
  EXPECT_EQ(e.master(), "hostA");
  a = e.tick(11.1);
  EXPECT_TRUE(e.isMaster());
  EXPECT_TRUE(a.heartbeat);  // announces the new role at once
  EXPECT_TRUE(a.beatPeers);
}

TEST(Election, ALateTickSendsOneProbeForAllThoseDue) {
  Election e("hostB", kCands, kParams, 0);
  e.tick(0);
  e.onClaim("hostA", true, 1);
  EXPECT_EQ(e.tick(9).probe.size(), 1u);
  EXPECT_EQ(e.tick(10.2).probe.size(), 1u);  // the second and third were due
  EXPECT_EQ(e.tick(10.6).probe.size(), 1u);  // the fourth
  EXPECT_TRUE(e.tick(10.8).probe.empty());
}

TEST(Election, ANonCandidateKeepsTheExchangeIntervalRule) {
  Election e("hostZ", kCands, kParams, 0);
  e.tick(0);
  e.onClaim("hostA", true, 1);
  e.tick(30.9);
  EXPECT_EQ(e.master(), "hostA");          // 1 + 2 x 15 not reached
  EXPECT_EQ(e.tick(31).probe.size(), 1u);  // silent: one probe
  EXPECT_TRUE(e.tick(32).probe.empty());   // and only one
  EXPECT_EQ(e.master(), "hostA");
  e.tick(33.1);  // PROBE_TIMEOUT after it
  EXPECT_EQ(e.master(), "");
}

TEST(Election, CandidatesBeatEachOtherEveryBeatPeriod) {
  Election e("hostC", kCands, kParams, 0);
  EXPECT_DOUBLE_EQ(e.beatPeriod(), 0.5);
  EXPECT_TRUE(e.tick(0).beatPeers);
  EXPECT_FALSE(e.tick(0.4).beatPeers);
  EXPECT_TRUE(e.tick(0.5).beatPeers);
  EXPECT_LE(e.nextDeadline(), 1.0);
  Election z("hostZ", kCands, kParams, 0);
  EXPECT_FALSE(z.tick(0).beatPeers);  // an ordinary host never beats
  Election fast("hostC", kCands, {.exInterval = 1, .probeTimeout = 1}, 0);
  EXPECT_DOUBLE_EQ(fast.beatPeriod(), Election::kMinBeat);  // 1/30 s would be under the floor
}

TEST(Election, OnlyTheFirstCandidatesBeatFastAndTheOthersKeepTheExchangeRule) {
  std::vector<std::string> many;
  for (int i = 0; i < 12; ++i) many.push_back("host" + std::to_string(i));
  Election first("host0", many, kParams, 0);
  EXPECT_EQ(first.beatTargets().size(), Election::kFastCandidates - 1);
  EXPECT_EQ(first.beatTargets().back(), "host7");
  Election last("host11", many, kParams, 0);
  EXPECT_TRUE(last.beatTargets().empty());
  EXPECT_FALSE(last.tick(0).beatPeers);
  last.onClaim("host0", true, 1);
  EXPECT_TRUE(last.tick(20).probe.empty());  // 19 s silent: within 2 x EXINTERVAL
  EXPECT_EQ(last.master(), "host0");
  Election fastOne("host1", many, kParams, 0);
  fastOne.tick(0);
  fastOne.onClaim("host0", true, 1);
  EXPECT_EQ(fastOne.tick(9).probe, std::vector<std::string>{"host0"});  // 16 beats
}

TEST(Election, AnsweredProbeKeepsTheMaster) {
  Election e("hostB", kCands, kParams, 0);
  e.tick(0);
  e.onClaim("hostA", true, 1);
  e.tick(9);
  e.onClaim("hostA", true, 9.6);  // probe reply
  e.tick(12);
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

// The heartbeat falls on multiples of EXINTERVAL (the instants of the agent's report and the
// 5 s sample), not EXINTERVAL after whenever the last one went: a lone candidate that took
// the role at 2.3 beats next at 15, then 30.
TEST(Election, HeartbeatsFallOnMultiplesOfTheExchangeInterval) {
  Election e("hostA", {"hostA"}, kParams, 0.3);
  e.tick(0.3);
  EXPECT_TRUE(e.tick(2.3).heartbeat);  // took the role: announces at once
  ASSERT_TRUE(e.isMaster());
  EXPECT_EQ(e.nextDeadline(), 15);
  EXPECT_FALSE(e.tick(14.99).heartbeat);
  EXPECT_TRUE(e.tick(15.004).heartbeat);  // a turn a little late keeps the grid
  EXPECT_EQ(e.nextDeadline(), 30);
  EXPECT_FALSE(e.tick(29.9).heartbeat);
  EXPECT_TRUE(e.tick(30).heartbeat);
  EXPECT_EQ(e.nextDeadline(), 45);
}

TEST(Election, NextDeadlineIsNeverInThePastAfterATick) {
  Election e("hostB", kCands, kParams, 0);
  e.tick(0);
  e.onClaim("hostA", true, 1);
  for (double t : {0.5, 2.5, 9.0, 9.7, 10.5, 11.5, 31.0, 33.5, 50.0, 100.0}) {
    e.tick(t);
    EXPECT_GT(e.nextDeadline(), t) << t;
  }
}

TEST(Election, HearsAMajorityOnlyWithEnoughCandidatesAlive) {
  Election e("hostB", kCands, kParams, 0);
  e.tick(0);
  EXPECT_FALSE(e.hearsMajority(0));  // itself: 1 of 3
  e.onClaim("hostA", true, 1);
  EXPECT_TRUE(e.hearsMajority(1));  // 2 of 3
  e.onClaim("hostC", false, 2);
  EXPECT_TRUE(e.hearsMajority(2));
  e.tick(10);  // hostA silent since 9: probed; alive while the probes may be answered
  EXPECT_TRUE(e.hearsMajority(10));
  e.tick(11.1);  // hostA dead; hostC (heard at 2) silent since 10, probed at 11.1
  EXPECT_TRUE(e.hearsMajority(11.1));
  e.tick(13.2);  // both dead
  EXPECT_FALSE(e.hearsMajority(13.2));
  Election alone("hostA", {"hostA"}, kParams, 0);
  EXPECT_TRUE(alone.hearsMajority(0));  // one candidate: itself is the majority
  Election even("hostA", {"hostA", "hostB"}, kParams, 0);
  EXPECT_FALSE(even.hearsMajority(0));  // 1 of 2 is no strict majority
  EXPECT_FALSE(Election("hostZ", kCands, kParams, 0).hearsMajority(0));
}

TEST(Election, HearsAMajorityOfTheVotersGiven) {
  Election e("hostB", {"hostA", "hostB", "hostC", "hostD", "hostE"}, kParams, 0);
  e.tick(0);
  e.onClaim("hostA", true, 1);
  EXPECT_FALSE(e.hearsMajority(1));                                 // 2 of 5
  EXPECT_TRUE(e.hearsMajorityOf({"hostA", "hostB", "hostC"}, 1));   // 2 of 3
  EXPECT_FALSE(e.hearsMajorityOf({"hostA", "hostC", "hostD"}, 1));  // self is no voter: 1 of 3
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
