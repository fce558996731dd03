#include "core/probe.h"

namespace openlim::melim {

const char* probeStateName(ProbeState s) {
  switch (s) {
    case ProbeState::kPending:
      return "pending";
    case ProbeState::kRunning:
      return "running";
    case ProbeState::kStopping:
      return "stopping";
    case ProbeState::kBackoff:
      return "backoff";
    case ProbeState::kAborted:
      return "aborted";
    case ProbeState::kGaveUp:
      return "gave_up";
    case ProbeState::kRemoved:
      return "removed";
    case ProbeState::kDone:
      return "done";
  }
  return "?";
}

bool RateLimit::allow(double now, double window, int burst, uint64_t& flushed) {
  flushed = 0;
  if (now - windowStart >= window) {
    flushed = suppressed;
    suppressed = 0;
    used = 0;
    windowStart = now;
  }
  if (used < burst) {
    ++used;
    return true;
  }
  ++suppressed;
  return false;
}

}  // namespace openlim::melim
