// Placement load adjustment: deltas, linear decay under a fake clock, apply, prune.
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
  LoadAdjustment a{.host = "h", .deltas = {}, .start = 100, .duration = adjustmentDuration(p)};
  EXPECT_DOUBLE_EQ(a.duration, 45);
  EXPECT_DOUBLE_EQ(adjustmentWeight(a, 100), 1.0);
  EXPECT_DOUBLE_EQ(adjustmentWeight(a, 122.5), 0.5);
  EXPECT_DOUBLE_EQ(adjustmentWeight(a, 145), 0.0);
  EXPECT_DOUBLE_EQ(adjustmentWeight(a, 99), 0.0);
  a.duration = 0;
  EXPECT_DOUBLE_EQ(adjustmentWeight(a, 100), 0.0);
}

TEST(LoadAdjust, ApplyAddsWeightedDeltasAndLeavesUnknownUnknown) {
  auto cfg = testing::makeConfig();
  testing::TableBuilder b(cfg);
  b.host("hostA", HostStatus::kOk, {{"r1m", 1.0}, {"mem", 1000.0}});
  b.host("hostB", HostStatus::kOk, {});
  HostTable t = b.build();
  std::vector<LoadAdjustment> adj = {
      {"HOSTA", placementDeltas(*cfg, nullptr), 10, 20},
      {"hostB", placementDeltas(*cfg, nullptr), 10, 20},
  };
  applyAdjustments(t, adj, 15);  // weight 0.75
  EXPECT_DOUBLE_EQ(t.number(0, "r1m"), 1.75);
  EXPECT_DOUBLE_EQ(t.number(0, "mem"), 1000.0);
  EXPECT_TRUE(isUnknown(t.number(1, "r1m")));
  pruneAdjustments(adj, 29.9);
  EXPECT_EQ(adj.size(), 2u);
  pruneAdjustments(adj, 30);
  EXPECT_TRUE(adj.empty());
}

}  // namespace
}  // namespace openlim
