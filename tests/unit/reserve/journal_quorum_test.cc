// JournalQuorum: a reservation change is acknowledged once a strict majority of the master
// candidates journalled it, and answered "try again" when its wait expires.
#include "reserve/journal_quorum.h"

#include <gtest/gtest.h>

namespace openlim::reserve {
namespace {

const std::vector<std::string> kCands = {"hostA", "hostB", "hostC"};

TEST(JournalQuorum, CompleteOnlyOnceAStrictMajorityJournalled) {
  JournalQuorum q(kCands);
  q.await("r1", 1, 10);
  EXPECT_FALSE(q.complete("r1", 1));
  EXPECT_TRUE(q.ack("hostA", "r1", 1));  // the master's own commit
  EXPECT_FALSE(q.complete("r1", 1));     // 1 of 3
  EXPECT_TRUE(q.takeComplete().empty());
  EXPECT_TRUE(q.ack("hostC", "r1", 1));
  EXPECT_TRUE(q.complete("r1", 1));  // 2 of 3
  EXPECT_EQ(q.takeComplete(), (std::vector<Change>{{"r1", 1}}));
  EXPECT_TRUE(q.takeComplete().empty());  // answered once
  EXPECT_FALSE(q.complete("r1", 1));      // no longer awaited
  EXPECT_EQ(q.awaited(), 0u);
}

TEST(JournalQuorum, AnAckCountsOncePerCandidateAndNeverForAnotherHost) {
  JournalQuorum q(kCands);
  q.await("r1", 1, 10);
  EXPECT_TRUE(q.ack("hostB", "r1", 1));
  EXPECT_FALSE(q.ack("HOSTB", "r1", 1));  // the same candidate, in other case: counted once
  EXPECT_FALSE(q.ack("hostZ", "r1", 1));  // not a candidate
  EXPECT_FALSE(q.ack("hostC", "r9", 1));  // not awaited
  EXPECT_FALSE(q.complete("r1", 1));
}

TEST(JournalQuorum, FourCandidatesNeedThree) {
  JournalQuorum q({"a", "b", "c", "d"});
  q.await("r", 1, 10);
  q.ack("a", "r", 1);
  q.ack("b", "r", 1);
  EXPECT_FALSE(q.complete("r", 1));  // 2 of 4 is no strict majority
  q.ack("d", "r", 1);
  EXPECT_TRUE(q.complete("r", 1));
}

TEST(JournalQuorum, OneCandidateIsItsOwnMajority) {
  JournalQuorum q({"hostA"});
  q.await("r", 1, 10);
  EXPECT_FALSE(q.complete("r", 1));  // not before its own journal committed
  q.ack("hostA", "r", 1);
  EXPECT_TRUE(q.complete("r", 1));
}

TEST(JournalQuorum, ALaterVersionsRecordAcksEveryEarlierOneButNotALaterOne) {
  JournalQuorum q(kCands);
  q.await("r", 1, 10);  // reserve
  q.await("r", 2, 11);  // renew
  q.await("r", 3, 12);  // release
  q.ack("hostA", "r", 3);
  q.ack("hostB", "r", 2);  // hostB missed nothing up to 2, has not journalled 3
  EXPECT_TRUE(q.complete("r", 1));
  EXPECT_TRUE(q.complete("r", 2));
  EXPECT_FALSE(q.complete("r", 3));
  EXPECT_EQ(q.takeComplete(), (std::vector<Change>{{"r", 1}, {"r", 2}}));
  EXPECT_EQ(q.awaited(), 1u);
}

TEST(JournalQuorum, AWaitPastItsDeadlineIsAnsweredTryAgainOnceAndNotAcknowledged) {
  JournalQuorum q(kCands);
  q.await("r1", 1, 10);
  q.await("r2", 1, 20);
  q.ack("hostA", "r1", 1);
  EXPECT_EQ(q.nextDeadline(), 10);
  EXPECT_TRUE(q.expired(9.9).empty());
  EXPECT_EQ(q.expired(10), (std::vector<Change>{{"r1", 1}}));
  EXPECT_TRUE(q.expired(10).empty());
  EXPECT_FALSE(q.ack("hostB", "r1", 1));  // too late: no longer awaited, never completes
  EXPECT_TRUE(q.takeComplete().empty());
  EXPECT_EQ(q.nextDeadline(), 20);
}

TEST(JournalQuorum, ACompleteChangeIsNotExpiredEvenIfTakenLate) {
  JournalQuorum q(kCands);
  q.await("r", 1, 10);
  q.ack("hostA", "r", 1);
  q.ack("hostB", "r", 1);
  EXPECT_TRUE(q.expired(50).empty());  // complete: answered as acknowledged, not try again
  EXPECT_EQ(q.takeComplete().size(), 1u);
}

TEST(JournalQuorum, AReconfigDropsTheAcksOfHostsNoLongerCandidates) {
  JournalQuorum q(kCands);
  q.await("r", 1, 10);
  q.ack("hostC", "r", 1);
  q.setCandidates({"hostA", "hostB", "hostD"});
  q.ack("hostA", "r", 1);
  EXPECT_FALSE(q.complete("r", 1));  // hostC's ack no longer counts
  q.ack("hostD", "r", 1);
  EXPECT_TRUE(q.complete("r", 1));
  q.await("s", 1, 10);
  q.ack("hostA", "s", 1);
  q.ack("hostB", "s", 1);
  q.setCandidates({"hostA", "hostB", "hostD", "hostE", "hostF"});
  EXPECT_TRUE(q.complete("s", 1));  // complete stays complete: its majority journalled it
}

TEST(JournalQuorum, ASecondAwaitOfTheSameChangeKeepsItsFirstDeadline) {
  JournalQuorum q(kCands);
  q.await("r", 1, 10);
  q.await("r", 1, 99);
  EXPECT_EQ(q.awaited(), 1u);
  EXPECT_EQ(q.expired(10).size(), 1u);
}

}  // namespace
}  // namespace openlim::reserve
