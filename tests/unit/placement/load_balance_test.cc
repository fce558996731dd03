// PBS load balancing: the three bands with the load a request would bring, the limits'
// defaults, and the busy/free hysteresis.
#include "placement/load_balance.h"

#include <gtest/gtest.h>

#include <cmath>

#include "placement/load_hysteresis.h"

namespace openlim::placement {
namespace {

TEST(LoadLimits, OneLimitGivesTheOtherItsValueAndNeitherMeansTheCpuCount) {
  EXPECT_EQ(loadLimits(50.0, 64.0, 64).ideal, 50);
  EXPECT_EQ(loadLimits(50.0, 64.0, 64).max, 64);
  EXPECT_EQ(loadLimits(50.0, std::nullopt, 64).max, 50);
  EXPECT_EQ(loadLimits(std::nullopt, 8.0, 64).ideal, 8);
  EXPECT_EQ(loadLimits(std::nullopt, std::nullopt, 16).ideal, 16);
  EXPECT_EQ(loadLimits(std::nullopt, std::nullopt, 16).max, 16);
}

TEST(LoadBand, ProjectedLoadDecidesTheBand) {
  LoadLimits l{4, 8};
  EXPECT_EQ(loadBand(4, l), LoadBand::kIdeal);  // at ideal: still ideal
  EXPECT_EQ(loadBand(4.01, l), LoadBand::kMax);
  EXPECT_EQ(loadBand(8, l), LoadBand::kMax);  // at max: still usable
  EXPECT_EQ(loadBand(8.01, l), LoadBand::kOver);
  EXPECT_EQ(loadBand(std::nan(""), l), LoadBand::kUnknown);
  EXPECT_STREQ(loadBandName(LoadBand::kOver), "over max_load");
}

TEST(BalanceLoad, IdealBandFirstThenMaxLeastLoadedFirstAndNeverAboveMax) {
  const LoadLimits l{4, 8};
  // row: load, slots -> projected, band
  std::vector<BalanceCandidate> c = {
      {0, 6.5, 1, l},           // 7.5: max
      {1, 2.0, 1, l},           // 3: ideal
      {2, 7.5, 1, l},           // 8.5: over, not used
      {3, 0.5, 1, l},           // 1.5: ideal, least loaded
      {4, 3.5, 1, l},           // 4.5: max (3.5 alone is ideal: the request's slot counts)
      {5, 1.0, 4, l},           // 5: max (four slots)
      {6, std::nan(""), 1, l},  // unknown: not used
      {7, 5.0, 1, {6, 10}},     // 6: ideal under its own limits
  };
  Balance b = balanceLoad(c);
  std::vector<uint32_t> rows;
  for (const auto& h : b.order) rows.push_back(h.row);
  EXPECT_EQ(rows, (std::vector<uint32_t>{3, 1, 7, 4, 5, 0}));
  EXPECT_EQ(b.order[0].band, LoadBand::kIdeal);
  EXPECT_EQ(b.order[3].band, LoadBand::kMax);
  EXPECT_DOUBLE_EQ(b.order[3].projected, 4.5);
  ASSERT_EQ(b.excluded.size(), 2u);
  EXPECT_EQ(b.excluded[0].row, 2u);
  EXPECT_EQ(b.excluded[0].band, LoadBand::kOver);
  EXPECT_EQ(b.excluded[1].band, LoadBand::kUnknown);
}

TEST(BalanceLoad, ExplainNamesEachHostsBand) {
  const LoadLimits l{4, 8};
  EXPECT_EQ(formatBand({0, 3, LoadBand::kIdeal}, l),
            "band ideal: projected load 3 <= ideal_load 4");
  EXPECT_EQ(formatBand({0, 5.5, LoadBand::kMax}, l),
            "band max: projected load 5.5 > ideal_load 4, <= max_load 8");
  EXPECT_EQ(formatBand({0, 9, LoadBand::kOver}, l),
            "over max_load: projected load 9 > max_load 8; not used");
  EXPECT_EQ(formatBand({0, std::nan(""), LoadBand::kUnknown}, l), "load unknown; not used");
}

TEST(BalanceLoad, EqualLoadsKeepTheCallersOrder) {
  const LoadLimits l{4, 8};
  std::vector<BalanceCandidate> c = {{9, 1, 1, l}, {2, 1, 1, l}, {5, 1, 1, l}};
  Balance b = balanceLoad(c);
  EXPECT_EQ(b.order[0].row, 9u);
  EXPECT_EQ(b.order[1].row, 2u);
  EXPECT_EQ(b.order[2].row, 5u);
}

TEST(LoadHysteresis, BusyAtMaxLoadFreeOnlyBelowIdealLoad) {
  const double ideal = 4, max = 8;
  bool busy = false;
  struct Step {
    double load;
    bool busy;
  };
  for (Step s : {Step{3, false},
                 {7.9, false},
                 {8, true},
                 {9, true},
                 {6, true},
                 {4, true},
                 {3.99, false},
                 {7, false},
                 {std::nan(""), false},
                 {8.5, true},
                 {std::nan(""), true}}) {
    busy = loadBusy(busy, s.load, ideal, max);
    EXPECT_EQ(busy, s.busy) << "load " << s.load;
  }
}

TEST(LoadHysteresis, EqualLimitsMakeAPlainThreshold) {
  EXPECT_TRUE(loadBusy(false, 5, 5, 5));
  EXPECT_FALSE(loadBusy(true, 4.9, 5, 5));
}

}  // namespace
}  // namespace openlim::placement
