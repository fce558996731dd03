// WindowAverage: the time-weighted mean over the window, on a fake clock.
#include "master/window_average.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace openlim::master {
namespace {

// One host with one averaged value; report(t, v) says the value is v from t on.
struct Host {
  explicit Host(double window) : w(window) {}
  WindowAverage w;
  AverageClock clock;
  std::vector<AverageCell> cells{AverageCell{}};
  double held = std::nan("");
  void report(double t, double v, bool counted = true) {
    std::vector<double> h{held};
    w.advance(clock, cells, h, t, counted);
    held = v;
  }
  double mean() const { return w.mean(clock, cells[0]); }
};

TEST(WindowAverage, UnknownUntilTheHostReportedForOneInterval) {
  Host h(120);
  EXPECT_TRUE(std::isnan(h.mean()));
  h.report(1000, 5);
  EXPECT_TRUE(std::isnan(h.mean()));
  h.report(1015, 5);
  EXPECT_DOUBLE_EQ(h.mean(), 5);
}

TEST(WindowAverage, AValueHeldAWholeWindowIsItsOwnMean) {
  Host h(120);
  for (double t = 0; t <= 600; t += 15) h.report(t, 0.25);
  EXPECT_NEAR(h.mean(), 0.25, 1e-7);
}

TEST(WindowAverage, AStepAtABlockBoundaryIsExactEverySecondOfTheWindow) {
  Host h(120);
  for (double t = 0; t < 240; t += 15) h.report(t, 0);
  // From t = 240 (a block boundary) the value is 100.
  for (double t = 240; t <= 480; t += 15) {
    h.report(t, 100);
    double inWindow = std::min(t - 240, 120.0);
    EXPECT_NEAR(h.mean(), 100 * inWindow / 120, 1e-4) << t;
  }
}

TEST(WindowAverage, AStepInsideABlockCountsTheOldPartAtThePreviousBlocksMean) {
  Host h(120);
  for (double t = 0; t < 30; t += 15) h.report(t, 0);
  for (double t = 30; t <= 150; t += 15) h.report(t, 100);
  // Window [30, 150]: the true mean is 100; the previous block [0, 120) has mean 75 and
  // 90 s of it are in the window: (30 * 100 + 90 * 75) / 120.
  EXPECT_NEAR(h.mean(), (3000 + 90 * 75.0) / 120, 1e-3);
  // One window later everything before 150 has left it: exact again.
  for (double t = 165; t <= 360; t += 15) h.report(t, 100);
  EXPECT_NEAR(h.mean(), 100, 1e-4);
}

TEST(WindowAverage, TimeWeightedNotSampleWeighted) {
  Host h(120);
  h.report(0, 10);
  h.report(90, 40);  // 10 held 90 s
  h.report(91, 40);  // then 40 for 1 s, then a burst of reports changes nothing
  h.report(91.5, 40);
  h.report(120 - 1e-9, 40);
  // Block [0, 120): 10 x 90 + 40 x 30 = 2100 over 120 s.
  EXPECT_NEAR(h.mean(), 2100.0 / 120, 1e-3);
}

TEST(WindowAverage, AGapWhileTheHostWasDownCountsForNothing) {
  Host h(120);
  h.report(0, 50);
  h.report(60, 50);
  // Down from 60 to 1000: the report that ends the gap is not counted.
  h.report(1000, 10, false);
  EXPECT_TRUE(std::isnan(h.mean()));  // nothing reported in the window
  h.report(1015, 10);
  EXPECT_DOUBLE_EQ(h.mean(), 10);
}

TEST(WindowAverage, ALongCountedGapFillsBothBlocksWithTheHeldValue) {
  Host h(120);
  h.report(0, 3);
  h.report(1000, 3);  // rare reports (a long EXINTERVAL): the value held all along
  EXPECT_NEAR(h.mean(), 3, 1e-6);
}

TEST(WindowAverage, AnUnknownValueLeavesTheMeanAsItWas) {
  Host h(120);
  h.report(0, 20);
  h.report(30, std::nan(""));  // 20 over [0, 30), then unknown
  h.report(60, 20);            // unknown over [30, 60)
  EXPECT_NEAR(h.mean(), 20, 1e-5);
  h.report(90, 20);
  EXPECT_NEAR(h.mean(), 20, 1e-5);
}

TEST(WindowAverage, AValueFirstKnownLateInABlockIsTheBlocksMean) {
  Host h(120);
  h.report(0, std::nan(""));
  h.report(60, 8);  // unknown over [0, 60)
  EXPECT_TRUE(std::isnan(h.mean()));
  h.report(75, 8);
  EXPECT_NEAR(h.mean(), 8, 1e-5);
}

TEST(WindowAverage, AValueUnknownAllWindowIsUnknown) {
  Host h(120);
  for (double t = 0; t <= 300; t += 15) h.report(t, std::nan(""));
  EXPECT_TRUE(std::isnan(h.mean()));
}

TEST(WindowAverage, AClockStepBackRestartsTheAverage) {
  Host h(120);
  h.report(100, 5);
  h.report(115, 5);
  h.report(50, 7);
  EXPECT_TRUE(std::isnan(h.mean()));
}

TEST(WindowAverage, ANewWindowKeepsEachMeanAndGoesOnFromIt) {
  Host h(120);
  for (double t = 0; t < 240; t += 15) h.report(t, 0);
  for (double t = 240; t <= 300; t += 15) h.report(t, 100);
  const double before = h.mean();
  WindowAverage longer(600);
  longer.rewindow(h.clock, h.cells, h.w);
  h.w = longer;
  EXPECT_NEAR(h.mean(), before, 1e-4);
  // Held long enough, the value takes over the new window too.
  for (double t = 315; t <= 2000; t += 15) h.report(t, 100);
  EXPECT_NEAR(h.mean(), 100, 1e-3);
}

TEST(WindowAverage, FloatCellsStayPreciseForLargeValues) {
  Host h(120);
  for (double t = 0; t <= 3600; t += 0.5) h.report(t, 524288.0);  // mem in MB, 2 reports/s
  EXPECT_NEAR(h.mean(), 524288.0, 524288.0 * 1e-5);
}

}  // namespace
}  // namespace openlim::master
