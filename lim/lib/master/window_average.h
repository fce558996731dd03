#pragma once
// The averaged indices (A_<index>, NLB_A_<X>): the time-weighted mean of a host's reported
// value over the POLICY_AVERAGE_WINDOW seconds up to its last report (docs/policies.md,
// "Averaged indices"). Pure: times are the master's monotonic seconds.
//
// A value is a step function: what a report says holds until the next report. Time is cut
// into blocks of one window, aligned to multiples of the window. Per host we keep the block
// the last report fell in and how many seconds the host was reporting in it and in the block
// before; per value two floats: its integral (value x seconds) over the reported part of
// each block. The mean at time t over [t - W, t] is the current block's integral plus the
// share of the previous block still inside the window, taken at the previous block's mean:
//
//   mean = (cur + prev * f) / (known_cur + known_prev * f),  f = (W - (t - blockStart)) / W
//
// It is exact while the value was steady over the previous block (in particular for a step
// at a block boundary and for any value held a whole window); otherwise the oldest part of
// the window is counted at the previous block's mean. Nothing older than two windows counts.
// Cost: 8 bytes per averaged value and 32 bytes per host, O(1) per value per report (no
// ring of samples, whose size would grow with the report rate).
//
// Unknown periods: time the host was not reporting (down past the inactivity limit) counts
// for nothing. A value that is unknown while its host reports is counted at its own mean so
// far in the block, which leaves the mean unchanged (and the first known value of a block
// fills the block's earlier unknown part the same way), so one float per block suffices.

#include <cstdint>
#include <span>

namespace openlim::master {

// Per value: integral over the reported part of the current and previous blocks; NaN = no
// known value in that block.
struct AverageCell {
  float cur = __builtin_nanf("");
  float prev = __builtin_nanf("");
};

// Per host.
struct AverageClock {
  int64_t block = 0;     // index of the block of `last` (floor(last / window))
  double last = -1e300;  // time of the last report folded in; -1e300 = none yet
  double knownCur = 0;   // seconds reported in the current block
  double knownPrev = 0;  // and in the previous one
};

class WindowAverage {
 public:
  // REQUIRES: window > 0.
  explicit WindowAverage(double window) : window_(window) {}
  double window() const { return window_; }

  // A report arrived at `now`: the values `held` (NaN = unknown; one per cell) held since
  // the previous report. `counted` is false when the host was down in between (the gap
  // counts for nothing). The first report of a host only starts its clock.
  // REQUIRES: held.size() == cells.size().
  void advance(AverageClock& clock, std::span<AverageCell> cells, std::span<const double> held,
               double now, bool counted) const;

  // The mean over the window ending at the host's last report; NaN when unknown (no value
  // known for any reported time in the window, e.g. before the second report).
  double mean(const AverageClock& clock, const AverageCell& cell) const;

  // Moves a host's averages to another window length (a reconfig): each value's current
  // mean becomes the previous block of the new geometry, so averages stay known and smooth.
  void rewindow(AverageClock& clock, std::span<AverageCell> cells, const WindowAverage& from) const;

 private:
  void addSpan(AverageClock& clock, std::span<AverageCell> cells, std::span<const double> held,
               double seconds) const;
  static void roll(AverageClock& clock, std::span<AverageCell> cells);
  int64_t blockOf(double t) const;

  double window_;
};

}  // namespace openlim::master
