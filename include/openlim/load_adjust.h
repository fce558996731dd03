#pragma once
// Placement load adjustment (LSF's LIM behaviour): when a slot is placed on a host, add +1.0 to its
// raw r15s/r1m/r15m and what the request's rusage names (subtracted from decreasing
// resources such as mem, added to increasing ones; a shared resource's amount reaches every
// host of its instance), decaying linearly to 0 over
// ADJUST_DURATION x EXINTERVAL. Pure: the caller passes `now` (seconds, any epoch).

#include <cstdint>
#include <string>
#include <vector>

#include "openlim/config.h"
#include "openlim/host_table.h"
#include "openlim/resreq.h"

namespace openlim {

struct LoadDelta {
  int slot = -1;  // index into config->resources / HostTable::columns
  double amount = 0;
};

// What `slots` placed slots add to a host. alt may be null (no rusage).
std::vector<LoadDelta> placementDeltas(const ConfigSnapshot& config, const RusageAlternative* alt,
                                       int slots = 1);

// ADJUST_DURATION x EXINTERVAL, in seconds.
inline double adjustmentDuration(const ClusterParams& params) {
  return params.adjustDuration * params.exInterval;
}
// The one load decay (the master's table uses it for every placement, on its hot refresh
// path: hence inline): 1 at start, falling linearly to 0 at start + duration; 0 afterwards,
// before start, and when duration <= 0.
inline double decayWeight(double start, double duration, double now) {
  if (now < start || duration <= 0) return 0;
  double left = 1.0 - (now - start) / duration;
  return left > 0 ? left : 0;
}

// The other rows of `table` that share the ResourceMap instance of shared resource `slot`
// with `row` (one value for all of them: what is reserved on one is gone for every one).
// Empty when the resource is not shared or `row` serves no instance of it.
std::vector<uint32_t> sharingRows(const HostTable& table, int slot, uint32_t row);
// Adds weight x each delta to row `row`, and each delta on a shared resource also to the
// rows sharing its instance (sharingRows); unknown values stay unknown.
void applyDeltas(HostTable& table, size_t row, const std::vector<LoadDelta>& deltas,
                 double weight = 1.0);

}  // namespace openlim
