// Placement load adjustment: deltas, and the one linear decay under a fake clock.
#include <gtest/gtest.h>

#include "openlim/load_adjust.h"
#include "test_support.h"

namespace openlim {
namespace {

TEST(LoadAdjust, OneSlotAddsOneToEachRunQueueAndRusageBySign) {
  auto cfg = testing::makeConfig();
  RusageAlternative alt;
  alt.items = {{"mem", cfg->resourceIndex("mem"), 500}, {"r1m", cfg->resourceIndex("r1m"), 0.5}};
  auto d = placementDeltas(*cfg, &alt, 2);
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[0].slot, cfg->resourceIndex("r15s"));
  EXPECT_DOUBLE_EQ(d[0].amount, 2.0);
  EXPECT_DOUBLE_EQ(d[1].amount, 3.0);  // r1m: 2 x (1 + 0.5)
  EXPECT_EQ(d[3].slot, cfg->resourceIndex("mem"));
  EXPECT_DOUBLE_EQ(d[3].amount, -1000.0);
}

TEST(LoadAdjust, DecaysLinearlyOverAdjustDurationTimesExInterval) {
  ClusterParams p;
  p.adjustDuration = 3;
  p.exInterval = 15;
  const double duration = adjustmentDuration(p);
  EXPECT_DOUBLE_EQ(duration, 45);
  EXPECT_DOUBLE_EQ(decayWeight(100, duration, 100), 1.0);
  EXPECT_DOUBLE_EQ(decayWeight(100, duration, 122.5), 0.5);
  EXPECT_DOUBLE_EQ(decayWeight(100, duration, 145), 0.0);
  EXPECT_DOUBLE_EQ(decayWeight(100, duration, 99), 0.0);
  EXPECT_DOUBLE_EQ(decayWeight(100, 0, 100), 0.0);
}

// Applying decayed adjustments to a table is the master's (tests/unit/lim/master_table_test).

}  // namespace
}  // namespace openlim
