#include "load/process_count_gate.h"

namespace openlim {

bool ProcessCountGate::mustList(const std::optional<TaskCounters>& now) {
  if (!now || !listedAt_ || !count_ || !(*now == *listedAt_)) return true;
  ++counters_.reused;
  return false;
}

void ProcessCountGate::listed(const std::optional<TaskCounters>& before, std::optional<int> count) {
  ++counters_.listings;
  count_ = count;
  listedAt_ = count ? before : std::nullopt;
}

}  // namespace openlim
