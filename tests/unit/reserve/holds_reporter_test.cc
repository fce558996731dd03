// A keeper's holds reports (reserve/holds_reporter.h), on a fake clock: one to every master it
// learns of, a restarted one under the same name included, sent again until the master
// answered every part, at doubling gaps and a bounded number of times.
#include "reserve/holds_reporter.h"

#include <gtest/gtest.h>

#include <cmath>

namespace openlim::reserve {
namespace {

TEST(HoldsReporter, ReportsToEachMasterAndToTheSameMasterOnceItRestarted) {
  HoldsReporter k;
  EXPECT_FALSE(k.due("", 0));  // no master known
  EXPECT_TRUE(k.due("m1", 700));
  k.reported("m1", 700);
  EXPECT_FALSE(k.due("m1", 700));
  EXPECT_TRUE(k.due("m1", 900));  // m1's lim restarted: its ledger is gone
  k.reported("m1", 900);
  EXPECT_TRUE(k.due("m2", 900));  // another master, whatever its epoch
  k.reported("m2", 50);
  EXPECT_TRUE(k.due("m1", 900));  // back to m1: it may have dropped the ledger meanwhile
}

TEST(HoldsReporter, ALimThatWasMasterReportsToTheNextOneEvenIfItWasMasterBefore) {
  HoldsReporter k;
  k.reported("m1", 10);
  k.reported("self", 0);  // this lim took the role for a while
  EXPECT_TRUE(k.due("m1", 10));
}

TEST(HoldsReporter, AReportIsSentAgainAtDoublingGapsUntilTheMasterAnswers) {
  HoldsReporter k;
  k.sent("m1", 10, 1, 100, 2);
  EXPECT_FALSE(k.due("m1", 10));
  EXPECT_EQ(k.nextDeadline(), 102);
  EXPECT_FALSE(k.resendDue("m1", 101.9));
  EXPECT_TRUE(k.resendDue("m1", 102));
  k.resent(1);
  EXPECT_EQ(k.nextDeadline(), 106);  // 4 s later: the gaps double
  EXPECT_FALSE(k.resendDue("m1", 105));
  EXPECT_TRUE(k.resendDue("m1", 106));
  k.resent(1);
  EXPECT_EQ(k.nextDeadline(), 114);
  k.answered("m1", 0, 1);
  EXPECT_FALSE(k.awaiting());
  EXPECT_TRUE(std::isinf(k.nextDeadline()));
  EXPECT_FALSE(k.resendDue("m1", 200));
}

TEST(HoldsReporter, GivesUpAfterTheMostResends) {
  HoldsReporter k;
  k.sent("m1", 10, 1, 0, 1);
  int resends = 0;
  for (double t = 0; t < 1000; t += 0.5)
    if (k.resendDue("m1", t)) {
      ++resends;
      k.resent(1);
    }
  EXPECT_EQ(resends, HoldsReporter::kMaxResends);
  EXPECT_FALSE(k.awaiting());
}

TEST(HoldsReporter, EveryPartMustBeAnsweredAndOnlyTheMasterItWentToCounts) {
  HoldsReporter k;
  k.sent("m1", 10, 3, 0, 2);
  k.answered("m1", 0, 3);
  k.answered("m1", 0, 3);  // a duplicate answer counts once
  k.answered("m2", 1, 3);  // another lim's
  k.answered("m1", 1, 2);  // an answer to an older report of another size
  k.answered("m1", 7, 3);  // out of range
  EXPECT_TRUE(k.awaiting());
  EXPECT_FALSE(k.resendDue("m2", 5));  // this lim follows m2 now: due() decides
  EXPECT_TRUE(k.resendDue("m1", 2));
  k.resent(2);  // the holds fit in two parts now
  k.answered("m1", 2, 3);
  k.answered("m1", 0, 2);
  EXPECT_TRUE(k.awaiting());
  k.answered("m1", 1, 2);
  EXPECT_FALSE(k.awaiting());
}

TEST(HoldsReporter, ANewMasterEndsTheWaitForTheOldOne) {
  HoldsReporter k;
  k.sent("m1", 10, 1, 0, 2);
  EXPECT_TRUE(k.due("m2", 5));
  k.reported("m2", 5);  // asked by m2, or this lim took the role itself
  EXPECT_FALSE(k.awaiting());
  EXPECT_FALSE(k.resendDue("m1", 100));
}

}  // namespace
}  // namespace openlim::reserve
