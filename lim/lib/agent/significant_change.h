#pragma once
// When a fresh sample is worth a report before EXINTERVAL is up (LSF's LIM behaviour "Exchange":
// "and sooner when an index moved past a significant step"). Pure.

#include <string_view>
#include <vector>

#include "load/load_sampler.h"
#include "protocol/messages.h"

namespace openlim::agent {

// The step past which built-in `name` is significant, given the value last sent: 0.5 for the
// run queues, 0.25 for ut, max(16 MB, 10%) for mem/swp/tmp; -1 = never significant alone.
double significantStep(std::string_view name, double lastSent);

// True when a built-in of `sample` (kBuiltinNames order) moved past its step from the value
// in `lastSent`, became known or unknown, or was never sent.
bool significantChange(const BuiltinVector& sample,
                       const std::vector<protocol::NumericValue>& lastSent);

}  // namespace openlim::agent
