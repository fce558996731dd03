#include "master/window_average.h"

#include <algorithm>
#include <cmath>

namespace openlim::master {

int64_t WindowAverage::blockOf(double t) const {
  return static_cast<int64_t>(std::floor(t / window_));
}

// Adds `seconds` of the held values to the current block.
void WindowAverage::addSpan(AverageClock& clock, std::span<AverageCell> cells,
                            std::span<const double> held, double seconds) const {
  if (seconds <= 0) return;
  const double before = clock.knownCur;
  for (size_t i = 0; i < cells.size(); ++i) {
    AverageCell& c = cells[i];
    if (!std::isnan(held[i])) {
      // A first known value also fills the block's earlier, unknown part (neutral).
      c.cur = std::isnan(c.cur) ? static_cast<float>(held[i] * (before + seconds))
                                : static_cast<float>(c.cur + held[i] * seconds);
    } else if (!std::isnan(c.cur) && before > 0) {
      c.cur = static_cast<float>(c.cur + c.cur / before * seconds);  // at its own mean
    }
  }
  clock.knownCur += seconds;
}

void WindowAverage::roll(AverageClock& clock, std::span<AverageCell> cells) {
  for (AverageCell& c : cells) {
    c.prev = c.cur;
    c.cur = std::nanf("");
  }
  clock.knownPrev = clock.knownCur;
  clock.knownCur = 0;
  ++clock.block;
}

void WindowAverage::advance(AverageClock& clock, std::span<AverageCell> cells,
                            std::span<const double> held, double now, bool counted) const {
  const int64_t target = blockOf(now);
  if (clock.last == -1e300 || now < clock.last) {  // first report (or a clock step back)
    for (AverageCell& c : cells) c = AverageCell{};
    clock = AverageClock{.block = target, .last = now};
    return;
  }
  double from = clock.last;
  // At most two rolls matter: a longer gap leaves both blocks holding only what it added.
  if (target - clock.block > 2) {
    const int64_t skipTo = target - 2;
    roll(clock, cells);
    roll(clock, cells);
    clock.block = skipTo;
    from = std::max(from, static_cast<double>(skipTo) * window_);
  }
  while (clock.block < target) {
    const double end = static_cast<double>(clock.block + 1) * window_;
    if (counted) addSpan(clock, cells, held, end - from);
    roll(clock, cells);
    from = end;
  }
  if (counted) addSpan(clock, cells, held, now - from);
  clock.last = now;
}

double WindowAverage::mean(const AverageClock& clock, const AverageCell& cell) const {
  if (clock.last == -1e300) return std::nan("");
  const double elapsed = clock.last - static_cast<double>(clock.block) * window_;
  const double f = std::clamp((window_ - elapsed) / window_, 0.0, 1.0);
  double sum = 0, known = 0;
  if (!std::isnan(cell.cur) && clock.knownCur > 0) {
    sum += cell.cur;
    known += clock.knownCur;
  }
  if (!std::isnan(cell.prev) && clock.knownPrev > 0 && f > 0) {
    sum += cell.prev * f;
    known += clock.knownPrev * f;
  }
  return known > 0 ? sum / known : std::nan("");
}

void WindowAverage::rewindow(AverageClock& clock, std::span<AverageCell> cells,
                             const WindowAverage& from) const {
  if (clock.last == -1e300) return;
  for (AverageCell& c : cells) {
    const double m = from.mean(clock, c);
    c.cur = std::nanf("");
    c.prev = std::isnan(m) ? std::nanf("") : static_cast<float>(m * window_);
  }
  // Seeded as a fully reported previous block; the current block starts at the last report.
  clock.block = blockOf(clock.last);
  clock.knownCur = 0;
  clock.knownPrev = window_;
}

}  // namespace openlim::master
