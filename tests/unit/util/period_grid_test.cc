// nextOnGrid: a periodic timer set to the next multiple of its period runs at least every
// period, and timers whose periods divide one another fall due at the same instants.
#include "util/period_grid.h"

#include <gtest/gtest.h>

#include <cmath>

namespace openlim {
namespace {

TEST(PeriodGrid, TheNextMultipleAfterTheLastRunNeverLaterThanOnePeriod) {
  EXPECT_DOUBLE_EQ(nextOnGrid(100, 5), 105);  // on a multiple: one period on
  EXPECT_DOUBLE_EQ(nextOnGrid(101.3, 5), 105);
  EXPECT_DOUBLE_EQ(nextOnGrid(104.999, 5), 105);
  EXPECT_DOUBLE_EQ(nextOnGrid(0, 5), 5);
  EXPECT_DOUBLE_EQ(nextOnGrid(-2, 5), 0);
  for (double last : {0.0, 3.7, 99.999999, 1234567.891, 86400.0 * 365})
    for (double period : {0.5, 1.0, 5.0, 15.0, 120.0}) {
      const double next = nextOnGrid(last, period);
      EXPECT_GT(next, last) << last << " " << period;
      EXPECT_LE(next, last + period) << last << " " << period;
      EXPECT_NEAR(std::remainder(next, period), 0, 1e-6) << last << " " << period;
    }
}

TEST(PeriodGrid, TimersOfDividingPeriodsShareTheirInstants) {
  // Two timers that last ran at unrelated instants meet on the next multiple of both.
  double sample = nextOnGrid(12.34, 5), line = nextOnGrid(13.9, 5);
  EXPECT_DOUBLE_EQ(sample, line);
  double slow = nextOnGrid(12.34, 15);
  while (sample < slow) sample = nextOnGrid(sample, 5);
  EXPECT_DOUBLE_EQ(sample, slow);
}

TEST(PeriodGrid, NeverRunIsDueAtOnce) {
  EXPECT_EQ(nextOnGrid(-INFINITY, 5), -INFINITY);
  EXPECT_TRUE(std::isnan(nextOnGrid(NAN, 5)));
}

}  // namespace
}  // namespace openlim
