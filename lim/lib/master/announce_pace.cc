#include "announce_pace.h"

#include <algorithm>
#include <cmath>

namespace openlim::master {

AnnouncePace AnnouncePace::forRound(size_t hosts, double exInterval, double now) {
  double window = std::max(exInterval, 0.001) / 2;
  return {now, std::max(kMinRate, static_cast<double>(hosts) / window)};
}

size_t AnnouncePace::dueBy(double now) const {
  double elapsed = std::max(0.0, now - start);
  return kBatch + static_cast<size_t>(std::floor(elapsed * rate));
}

size_t AnnouncePace::sendUpTo(size_t sent, double now) const {
  return std::min(dueBy(now), sent + kMaxPerTurn);
}

double AnnouncePace::nextBatchAt(size_t sent) const {
  if (sent < kBatch) return start;
  // dueBy(t) >= sent + kBatch  <=>  (t - start) * rate >= sent
  return start + static_cast<double>(sent) / rate;
}

}  // namespace openlim::master
