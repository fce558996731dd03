#pragma once
// rusage[] against current availability: a host qualifies when every named resource that is
// not an increasing load index has at least the amount available (LSF's resource requirement
// rules).

#include <cstddef>
#include <string>

#include "openlim/resreq.h"
#include "resreq/program.h"

namespace openlim::resreq {

inline constexpr int kNoFit = -2;

// The first alternative that fits `slots` times on `row` (rusage is per slot, so a one-host
// placement of N slots needs N times each amount); -1 when the request has no rusage; kNoFit.
int fittingAlternative(const CompiledRequest& req, const HostTable& t, uint32_t row,
                       size_t slots = 1);
// How many slots of alternative `alt` fit on `row`: the smallest available/amount over its
// checked items; SIZE_MAX when it checks nothing.
size_t slotsFitting(const CompiledRequest& req, const HostTable& t, uint32_t row, size_t alt);
// "rusage[mem=2048] failed: mem=1024M" (with " x N slots" before "failed" when slots > 1).
std::string rusageReason(const CompiledRequest& req, const EvalEnv& env, uint32_t row,
                         size_t slots = 1);

}  // namespace openlim::resreq
