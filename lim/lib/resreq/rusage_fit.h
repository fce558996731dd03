#pragma once
// rusage[] against current availability: a host qualifies when every named resource that is
// not an increasing load index has at least the amount available (spec/resreq.md).

#include <string>

#include "openlim/resreq.h"
#include "resreq/program.h"

namespace openlim::resreq {

inline constexpr int kNoFit = -2;

// The first alternative that fits on `row`; -1 when the request has no rusage; kNoFit.
int fittingAlternative(const CompiledRequest& req, const HostTable& t, uint32_t row);
// "rusage[mem=2048] failed: mem=1024M" for the first alternative.
std::string rusageReason(const CompiledRequest& req, const EvalEnv& env, uint32_t row);

}  // namespace openlim::resreq
