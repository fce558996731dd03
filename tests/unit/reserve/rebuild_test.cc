// When a master's ledger is whole again (reserve/rebuild.h), on a fake clock: the master's
// window stays shut until every host it hears has reported whole, asks the silent
// ones a bounded number of times, and gives up at its limit.
#include "reserve/rebuild.h"

#include "rebuild_fixture.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

namespace openlim::reserve {
namespace {

using testing::hostsConfig;
using testing::kTiming;

// Every host the tests below hear.
const ConfigPtr kHosts = hostsConfig(
    {"a", "b", "c", "d", "e", "h0", "h1", "h2", "h3", "h4", "k", "late", "m", "n", "x"});

TEST(RebuildWindow, NoWindowBeforeBeginAndAfterEnd) {
  RebuildWindow w;
  EXPECT_FALSE(w.open(0));
  EXPECT_TRUE(std::isinf(w.nextDeadline()));
  w.begin(100, kTiming, kHosts);
  EXPECT_TRUE(w.open(100));
  w.end();
  EXPECT_FALSE(w.open(101));
}

TEST(RebuildWindow, WithNoHostHeardItClosesAtTheSettleTime) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  EXPECT_TRUE(w.open(104.9));
  EXPECT_EQ(w.nextDeadline(), 105);
  EXPECT_FALSE(w.open(105));
  size_t missing = 9;
  EXPECT_TRUE(w.takeMissing(105, 10, &missing).empty());
  EXPECT_EQ(missing, 0u);
  EXPECT_EQ(w.counters().complete, 1u);
}

TEST(RebuildWindow, AHostHeardKeepsItShutPastSettleUntilItsHoldsCame) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  w.heard("b", 101);
  w.heard("c", 101);
  w.reported("c", 0, 1, 102);
  EXPECT_EQ(w.pending(), 1u);
  EXPECT_TRUE(w.open(110));  // past settle: b answers but has not reported
  w.reported("b", 0, 1, 110);
  EXPECT_FALSE(w.open(110));
  EXPECT_EQ(w.counters().complete, 0u);  // counted when an event finds it closed
  w.heard("d", 111);                     // too late to reopen it
  EXPECT_FALSE(w.open(111));
  EXPECT_EQ(w.counters().complete, 1u);
}

TEST(RebuildWindow, AReportBeforeTheHostIsHeardCountsAndAnEarlyCloseWaitsForSettle) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  w.reported("b", 0, 1, 100.5);
  w.heard("b", 101);
  EXPECT_EQ(w.pending(), 0u);
  EXPECT_TRUE(w.open(104));  // every host heard reported, but one may still be unheard
  EXPECT_FALSE(w.open(105));
}

TEST(RebuildWindow, AReportInPartsIsWholeOnlyWithEveryPart) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  w.reported("b", 0, 3, 101);
  w.reported("b", 0, 3, 101);  // a duplicate (an asked report sent again) adds nothing
  w.reported("b", 2, 3, 101);
  EXPECT_EQ(w.pending(), 1u);
  w.reported("b", 1, 2, 102);  // a new report of another size starts over
  EXPECT_EQ(w.pending(), 1u);
  w.reported("b", 0, 2, 102);
  EXPECT_EQ(w.pending(), 0u);
  EXPECT_FALSE(w.open(105));
}

TEST(RebuildWindow, PartsOutOfRangeAreCountedAndIgnored) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  w.reported("b", 3, 3, 101);
  w.reported("b", 0, 0, 101);
  w.reported("b", 0, RebuildWindow::kMaxParts + 1, 101);
  EXPECT_EQ(w.counters().badParts, 3u);
  EXPECT_EQ(w.pending(), 0u);
  EXPECT_FALSE(w.open(105));
}

// Asked askEvery after it was heard, then at doubling gaps: the asks outlast a burst of loss.
TEST(RebuildWindow, SilentHostsAreAskedABoundedNumberOfTimesAtDoublingGaps) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  w.heard("b", 100);
  w.heard("c", 100.5);
  EXPECT_TRUE(w.toAsk(100.9, 10).empty());
  EXPECT_EQ(w.nextDeadline(), 101);
  EXPECT_EQ(w.toAsk(101, 10), std::vector<std::string>{"b"});
  EXPECT_EQ(w.toAsk(101.5, 10), std::vector<std::string>{"c"});
  w.reported("c", 0, 1, 101.6);
  EXPECT_TRUE(w.toAsk(102.9, 10).empty());  // c reported: never asked again
  EXPECT_EQ(w.toAsk(103, 10), std::vector<std::string>{"b"});
  EXPECT_TRUE(w.toAsk(106.9, 10).empty());
  EXPECT_EQ(w.toAsk(107, 10), std::vector<std::string>{"b"});
  for (double t = 108; t < 114; ++t) EXPECT_TRUE(w.toAsk(t, 10).empty()) << t;
  // b's fourth ask would fall at 115, the window's limit: it closed without b.
  EXPECT_TRUE(w.toAsk(115, 10).empty());
  EXPECT_EQ(w.counters().asks, 4u);  // b three times, c once
}

// After the close nothing limits the asks but their number: a restarted keeper that never
// answers is asked kMaxAsks times, over 31 ask intervals.
TEST(RebuildWindow, AfterTheCloseAKeeperIsAskedItsFiveTimesAtDoublingGaps) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  EXPECT_FALSE(w.open(120));
  w.heard("b", 120);  // first heard after the close
  std::vector<double> at;
  for (double t = 120; t < 300; t += 0.5)
    if (!w.toAsk(t, 10).empty()) at.push_back(t);
  EXPECT_EQ(at, (std::vector<double>{121, 123, 127, 135, 151}));
  EXPECT_EQ(at.size(), static_cast<size_t>(RebuildWindow::kMaxAsks));
}

// A keeper whose lim restarted may have lost its files: its holds are awaited and asked
// for again, after the close too, until its new report comes.
TEST(RebuildWindow, AKeeperHeardFromANewBootIsAskedForItsHoldsAgain) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  w.heard("b", 100);
  w.reported("b", 0, 1, 100.5);
  EXPECT_FALSE(w.open(105));  // closed, complete
  w.restarted("b", 120);
  EXPECT_FALSE(w.open(120));  // a closed window stays closed
  EXPECT_EQ(w.nextDeadline(), 121);
  EXPECT_EQ(w.toAsk(121, 10), std::vector<std::string>{"b"});
  w.reported("b", 0, 1, 121.5);
  EXPECT_TRUE(w.toAsk(123, 10).empty());  // its report came: not asked again
  EXPECT_TRUE(w.toAsk(200, 10).empty());
  w.restarted("c", 130);  // never heard: as if first heard now
  EXPECT_EQ(w.toAsk(131, 10), std::vector<std::string>{"c"});
}

// While the window is open, a keeper that restarts holds it until its new report comes.
TEST(RebuildWindow, AKeeperThatRestartsWhileItIsOpenIsAwaitedAgain) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  w.reported("b", 0, 1, 100.5);
  EXPECT_EQ(w.pending(), 0u);
  w.restarted("b", 101);
  EXPECT_EQ(w.pending(), 1u);
  EXPECT_TRUE(w.open(106));  // past the settle time: b's new report is awaited
  w.reported("b", 0, 1, 106.5);
  EXPECT_FALSE(w.open(106.5));
}

TEST(RebuildWindow, AsksComeAtMostMaxPerCall) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  for (int i = 0; i < 5; ++i) w.heard("h" + std::to_string(i), 100);
  EXPECT_EQ(w.toAsk(101, 2).size(), 2u);
  EXPECT_EQ(w.nextDeadline(), 101);  // the rest are due now
  EXPECT_EQ(w.toAsk(101, 2).size(), 2u);
  EXPECT_EQ(w.toAsk(101, 2).size(), 1u);
  EXPECT_TRUE(w.toAsk(101, 2).empty());
}

TEST(RebuildWindow, AtTheLimitItClosesAndNamesTheHostsMissingOnce) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  w.heard("b", 101);
  w.heard("a", 101);
  w.heard("c", 101);
  w.reported("c", 0, 1, 101);
  EXPECT_EQ(w.nextDeadline(), 102);  // the first ask
  EXPECT_TRUE(w.open(114.9));
  size_t missing = 0;
  EXPECT_TRUE(w.takeMissing(114.9, 10, &missing).empty());  // still open
  EXPECT_FALSE(w.open(115));
  EXPECT_EQ(w.takeMissing(115, 1, &missing), std::vector<std::string>{"a"});
  EXPECT_EQ(missing, 2u);
  EXPECT_TRUE(w.takeMissing(116, 10, &missing).empty());
  EXPECT_EQ(missing, 0u);
  EXPECT_EQ(w.counters().incomplete, 1u);
  EXPECT_TRUE(w.toAsk(116, 10).empty());
  EXPECT_TRUE(std::isinf(w.nextDeadline()));
}

// Found by the simulator (tests/sim, seed 824): a master cut off from a keeper for its
// whole window never asked it once the cut healed, and lost what only it kept.
TEST(RebuildWindow, AHostFirstHeardAfterTheCloseIsAskedForItsHolds) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  EXPECT_FALSE(w.open(105));
  w.heard("late", 120);
  EXPECT_FALSE(w.open(120));  // admissions go on: it is asked, not waited for
  EXPECT_EQ(w.nextDeadline(), 121);
  EXPECT_EQ(w.toAsk(121, 10), std::vector<std::string>{"late"});
  w.reported("late", 0, 1, 121.5);
  w.heard("late", 130);  // heard again: already whole, never asked again
  for (double t = 122; t < 130; ++t) EXPECT_TRUE(w.toAsk(t, 10).empty()) << t;
  EXPECT_TRUE(std::isinf(w.nextDeadline()));
}

TEST(RebuildWindow, ANewWindowForgetsTheLastOne) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts);
  w.heard("b", 101);
  w.reported("b", 0, 1, 101);
  w.begin(200, kTiming, kHosts);  // the role lost and taken again: b must report again
  w.heard("b", 201);
  EXPECT_TRUE(w.open(206));
  EXPECT_EQ(w.counters().windows, 2u);
}

// RESERVATION_CONSISTENCY = quorum: the window also waits, past its limit, for a strict
// majority of the candidates (the new master counts itself) to report whole.
const RebuildQuorum kQuorum{.candidates = {"a", "b", "c", "d", "e"}, .self = "b"};

TEST(RebuildWindowQuorum, StaysShutPastItsLimitUntilAMajorityOfCandidatesReportedWhole) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts, kQuorum);
  EXPECT_TRUE(w.awaitingMajority());
  w.reported("x", 0, 1, 101);  // an ordinary keeper: needed by the hosts rule, not a majority
  w.reported("a", 0, 2, 101);  // half of a's report
  EXPECT_TRUE(w.open(200));    // far past the limit: still shut
  for (double t : {200.0, 202.0, 206.0, 214.0, 230.0}) w.toAsk(t, 10);  // a's kMaxAsks asks
  EXPECT_TRUE(std::isinf(w.nextDeadline()));  // then only a report can open it
  w.reported("c", 0, 1, 200);                 // b (self) and c: 2 of 5
  EXPECT_TRUE(w.open(200));
  w.reported("a", 1, 2, 201);  // a whole now: 3 of 5
  EXPECT_FALSE(w.awaitingMajority());
  EXPECT_FALSE(w.open(201));
  size_t missing = 9;
  w.takeMissing(201, 10, &missing);
  EXPECT_EQ(w.counters().complete, 1u);
}

TEST(RebuildWindowQuorum, AMajorityDoesNotSkipTheHostsRule) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts, kQuorum);
  w.reported("a", 0, 1, 100.5);
  w.reported("c", 0, 1, 100.5);
  EXPECT_FALSE(w.awaitingMajority());
  EXPECT_TRUE(w.open(101));                 // before the settle time, as in available mode
  w.heard("k", 101);                        // a keeper heard: its holds are still awaited
  EXPECT_TRUE(w.toAsk(101.6, 10).empty());  // a and c reported: not asked
  EXPECT_EQ(w.nextDeadline(), 102);         // k's ask
  EXPECT_TRUE(w.open(106));
  for (double t : {102.0, 104.0, 108.0}) w.toAsk(t, 10);
  EXPECT_EQ(w.nextDeadline(), 115);  // the limit, as in available mode
  EXPECT_FALSE(w.open(115));
}

TEST(RebuildWindowQuorum, OneCandidateIsItsOwnMajorityAndAvailableModeHasNoMajorityRule) {
  RebuildWindow single;
  single.begin(100, kTiming, kHosts, RebuildQuorum{.candidates = {"m"}, .self = "m"});
  EXPECT_FALSE(single.awaitingMajority());
  EXPECT_FALSE(single.open(105));  // the quickstart's one host: closes at the settle time
  RebuildWindow available;
  available.begin(100, kTiming, kHosts);
  EXPECT_FALSE(available.awaitingMajority());
  EXPECT_FALSE(available.open(105));
  RebuildWindow two;  // 1 of 2 is no majority: the other candidate must report
  two.begin(100, kTiming, kHosts, RebuildQuorum{.candidates = {"m", "n"}, .self = "m"});
  EXPECT_TRUE(two.open(500));
  two.reported("n", 0, 1, 500);
  EXPECT_FALSE(two.open(500));
}

TEST(RebuildWindowQuorum, EndForgetsTheQuorum) {
  RebuildWindow w;
  w.begin(100, kTiming, kHosts, kQuorum);
  w.end();
  w.begin(200, kTiming, kHosts);  // available mode now
  EXPECT_FALSE(w.awaitingMajority());
  EXPECT_FALSE(w.open(205));
}

}  // namespace
}  // namespace openlim::reserve
