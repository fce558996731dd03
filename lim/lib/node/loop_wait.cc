#include "node/loop_wait.h"

#include <algorithm>
#include <cmath>

namespace openlim::node {
namespace {
// poll(2) takes an int of ms; a longer wait (days) is no wait at all for the loop.
constexpr double kLongestMs = 1e9;
}  // namespace

int pollTimeoutMs(double now, const LoopWait& w) {
  if (w.urgent) return 0;
  if (std::isnan(w.next)) return 1;  // a broken deadline must not sleep for good
  const double wait = std::max(std::min(w.next - now, w.maxGap), 0.0);
  const double ms = wait * 1000;
  if (ms >= kLongestMs) return -1;  // +inf: only an event wakes the loop
  return w.paced ? static_cast<int>(std::ceil(ms)) : static_cast<int>(ms) + 1;
}

double wakeWithSample(double deadline, double sampleAt, double share) {
  const bool inShare = deadline >= sampleAt && deadline < sampleAt + share;
  return inShare ? sampleAt + share : deadline;
}

}  // namespace openlim::node
