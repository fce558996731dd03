// order[]: default keys, directions, '-', expressions, unknown last, status group, name ties.
#include <gtest/gtest.h>

#include "fixture.h"
#include "openlim/run_queue.h"

namespace openlim {
namespace {

using testing::orderedNames;

class Order : public ::testing::Test {
 protected:
  ConfigPtr cfg_ = testing::makeConfig();
  HostTable t_ = testing::fixtureTable(cfg_);
};

// Normalised r15s with max cpuf 200: A .25, B .2, C .5, D unknown; E is busy (group 2).
TEST_F(Order, DefaultIsR15sThenPgWithStatusGroupFirst) {
  EXPECT_EQ(orderedNames("", *cfg_, t_), "hostB hostA hostC hostD hostE");
}

TEST_F(Order, DecreasingResourcesSortLargestFirstAndMinusReverses) {
  EXPECT_EQ(orderedNames("order[ncpus]", *cfg_, t_), "hostC hostA hostD hostB hostE");
  EXPECT_EQ(orderedNames("order[-ncpus]", *cfg_, t_), "hostB hostD hostA hostC hostE");
  EXPECT_EQ(orderedNames("order[mem]", *cfg_, t_), "hostC hostA hostB hostD hostE");
}

TEST_F(Order, UnknownValuesGoLastWhateverTheDirection) {
  EXPECT_EQ(orderedNames("order[-mem]", *cfg_, t_), "hostB hostA hostC hostD hostE");
  EXPECT_EQ(orderedNames("order[gpu_free]", *cfg_, t_), "hostA hostC hostB hostD hostE");
}

TEST_F(Order, ExpressionsSortDescendingUnlessMinus) {
  EXPECT_EQ(orderedNames("order[(mem*cpuf)]", *cfg_, t_), "hostC hostA hostB hostD hostE");
  EXPECT_EQ(orderedNames("order[-(mem*cpuf)]", *cfg_, t_), "hostB hostA hostC hostD hostE");
}

TEST_F(Order, KeysAreLexicographicThenHostName) {
  EXPECT_EQ(orderedNames("order[cpuf:-mem]", *cfg_, t_), "hostC hostB hostA hostD hostE");
  // cs is a boolean without direction: ascending, ties by name
  EXPECT_EQ(orderedNames("order[cs]", *cfg_, t_), "hostB hostD hostA hostC hostE");
}

TEST_F(Order, TopKKeepsOnlyTheBest) {
  EXPECT_EQ(orderedNames("", *cfg_, t_, 2), "hostB hostA");
  EXPECT_EQ(orderedNames("select[mem>1] order[mem]", *cfg_, t_, 1), "hostC");
}

TEST_F(Order, UnavailSortsAfterBusyAndLocked) {
  testing::TableBuilder b(cfg_);
  b.host("a", HostStatus::kUnavail, {});
  b.host("b", HostStatus::kLockU, {{"r15s", 9.0}});
  b.host("c", HostStatus::kOk, {{"r15s", 9.0}});
  b.host("d", HostStatus::kBusy, {{"r15s", 1.0}});
  HostTable t = b.build();
  EXPECT_EQ(orderedNames("", *cfg_, t), "c d b a");
}

TEST(RunQueue, NormalisationIsRawOverNcpusTimesMaxCpufOverCpuf) {
  EXPECT_DOUBLE_EQ(effectiveRunQueue(4, 8), 0.5);
  EXPECT_DOUBLE_EQ(normalizedRunQueue(4, 8, 100, 200), 1.0);
  EXPECT_DOUBLE_EQ(normalizedRunQueue(4, kUnknown, kUnknown, 200), 800.0);
  EXPECT_DOUBLE_EQ(normalizedRunQueue(3, 0, -1, 0), 3.0);
  EXPECT_TRUE(isUnknown(normalizedRunQueue(kUnknown, 4, 100, 100)));
}

}  // namespace
}  // namespace openlim
