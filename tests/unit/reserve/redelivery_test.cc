// The master's resends of holds and unholds until each keeper acknowledges them
// (reserve/redelivery.h), on a fake clock.
#include "reserve/redelivery.h"

#include <gtest/gtest.h>

#include <cmath>

namespace openlim::reserve {
namespace {

constexpr double kLease = 1e9;  // wall: far away

std::vector<double> resendTimes(Redelivery& r, double until) {
  std::vector<double> at;
  for (double t = 0; t <= until; t += 0.5)
    for (const auto& d : r.due(t, 0, 10)) {
      (void)d;
      at.push_back(t);
    }
  return at;
}

TEST(Redelivery, AChangeNobodyAcknowledgedGoesAgainAtDoublingGapsUpToTheLongest) {
  Redelivery r;
  r.setTiming({.first = 1, .most = 4});
  r.sent("h1", "m1:1", 1, false, kLease, 0);
  EXPECT_EQ(r.nextDeadline(), 1);
  EXPECT_EQ(resendTimes(r, 20), (std::vector<double>{1, 3, 7, 11, 15, 19}));
  EXPECT_EQ(r.counters().resent, 6u);
}

TEST(Redelivery, AnAcknowledgementOfThatVersionOrALaterOneEndsIt) {
  Redelivery r;
  r.sent("h1", "m1:1", 2, false, kLease, 0);
  r.sent("h2", "m1:1", 2, false, kLease, 0);
  r.acked("h1", "m1:1", 1);  // an earlier version's: the keeper lacks version 2
  r.acked("h2", "m1:1", 3);
  ASSERT_EQ(r.pending(), 1u);
  auto due = r.due(1, 0, 10);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].keeper, "h1");
  EXPECT_EQ(due[0].version, 2u);
  r.acked("h1", "m1:1", 2);
  EXPECT_EQ(r.pending(), 0u);
  EXPECT_TRUE(std::isinf(r.nextDeadline()));
  EXPECT_EQ(r.counters().acked, 2u);
}

TEST(Redelivery, ALaterChangeReplacesTheOneInFlightAndStartsItsOwnSchedule) {
  Redelivery r;
  r.setTiming({.first = 1, .most = 8});
  r.sent("h1", "m1:1", 1, false, kLease, 0);
  (void)r.due(1, 0, 10);                      // the hold went again; next at 3
  r.sent("h1", "m1:1", 2, true, kLease, 2);   // released: the unhold of version 2
  r.sent("h1", "m1:1", 1, false, kLease, 2);  // a late copy of the hold changes nothing
  EXPECT_EQ(r.nextDeadline(), 3);
  auto due = r.due(3, 0, 10);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_TRUE(due[0].drop);
  EXPECT_EQ(due[0].version, 2u);
  r.acked("h1", "m1:1", 1);  // the hold's ack does not close the unhold
  EXPECT_EQ(r.pending(), 1u);
}

TEST(Redelivery, TheSameChangeSentAgainKeepsItsSchedule) {
  Redelivery r;
  r.setTiming({.first = 1, .most = 8});
  r.sent("h1", "m1:1", 1, false, kLease, 0);
  (void)r.due(1, 0, 10);
  r.sent("h1", "m1:1", 1, false, kLease, 2.5);
  EXPECT_EQ(r.nextDeadline(), 3);
}

TEST(Redelivery, AChangeAKeeperMayLackGoesAtTheNextTurnThenAsAResend) {
  Redelivery r;
  r.setTiming({.first = 1, .most = 8});
  r.sendSoon("h1", "a", 3, false, kLease, 10);
  EXPECT_EQ(r.nextDeadline(), 10);
  auto due = r.due(10, 0, 10);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].version, 3u);
  EXPECT_EQ(r.nextDeadline(), 12);
  r.sendSoon("h1", "a", 3, false, kLease, 11);  // already on its way: no second send now
  EXPECT_EQ(r.nextDeadline(), 12);
  r.acked("h1", "a", 3);  // it had it
  EXPECT_EQ(r.pending(), 0u);
}

TEST(Redelivery, AnEndedLeaseIsNotSentAgain) {
  Redelivery r;
  r.sent("h1", "m1:1", 1, false, 100, 0);
  r.sent("h2", "m1:2", 1, false, 500, 0);
  auto due = r.due(5, 200, 10);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].id, "m1:2");
  EXPECT_EQ(r.pending(), 1u);
}

TEST(Redelivery, AtMostMaxATurnEarliestFirstTheRestNext) {
  Redelivery r;
  r.sent("h1", "a", 1, false, kLease, 0.2);
  r.sent("h2", "b", 1, false, kLease, 0.1);
  r.sent("h3", "c", 1, false, kLease, 0.3);
  auto first = r.due(5, 0, 2);
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0].keeper, "h2");
  EXPECT_EQ(first[1].keeper, "h1");
  auto rest = r.due(5, 0, 2);
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest[0].keeper, "h3");
}

TEST(Redelivery, EqualTimesGoInTheOrderThePairsWereFirstSent) {
  Redelivery r;
  for (const char* k : {"h9", "h1", "h5", "h3"}) r.sent(k, "a", 1, false, kLease, 0);
  std::vector<std::string> order;
  for (const auto& d : r.due(1, 0, 10)) order.push_back(d.keeper);
  EXPECT_EQ(order, (std::vector<std::string>{"h9", "h1", "h5", "h3"}));
}

TEST(Redelivery, BoundedPastTheLimitAChangeGoesOnceAndIsCounted) {
  Redelivery r;
  for (size_t i = 0; i < Redelivery::kMaxPending; ++i)
    r.sent("h", std::to_string(i), 1, false, kLease, 0);
  r.sent("h", "one more", 1, false, kLease, 0);
  EXPECT_EQ(r.pending(), Redelivery::kMaxPending);
  EXPECT_EQ(r.counters().untracked, 1u);
  r.clear();
  EXPECT_EQ(r.pending(), 0u);
  EXPECT_TRUE(std::isinf(r.nextDeadline()));
  EXPECT_TRUE(r.due(1e6, 0, 10).empty());
}

}  // namespace
}  // namespace openlim::reserve
