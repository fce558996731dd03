#pragma once
// A Host row's placement limits and rating inputs (docs/rating.md), typed and range-checked
// once: MXJ, ideal_load and max_load (columns, or static resources of those names, MXJ's
// being max_jobs), cpu_weight, mem_weight and vups (static resources).

#include <string>

#include "config/diag.h"
#include "openlim/config.h"

namespace openlim::config {

// The Host section columns read here; not busy thresholds.
inline const char* const kHostLimitColumns[] = {"MXJ", "ideal_load", "max_load"};

// One row's texts of those columns, "" when the column is absent or the value unset.
struct HostLimitColumns {
  std::string mxj, idealLoad, maxLoad;
};

// Fills h's maxJobs, idealLoad, maxLoad, cpuWeight, memWeight and vups from `cols` and from
// h.numbers (the static resources, already read from RESOURCES). A bad value (a weight
// outside 0-1, a negative or fractional MAX_JOBS, a negative load, a VUPS of 0 or less) is a
// warning at h.line and ignored; a bad static resource is also removed from h.numbers, so no
// one reads it. A column and a resource that disagree: the column wins, with a warning.
// ideal_load above max_load is a warning (as PBS gives) and max_load is used for both.
void readHostLimits(const HostLimitColumns& cols, HostConfig& h, DiagSink& diag);

}  // namespace openlim::config
