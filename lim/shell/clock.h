#pragma once
// The daemon's one clock: the only place lim reads the time (the monotonic clock for
// timers, the wall clock for reservation leases and boot epochs, the local civil time for
// the calendar). Everything else takes the time as a value (node::Now).

#include <cstdint>

#include "node/now.h"

namespace openlim::shell {

double monotonicSeconds();
double wallSeconds();
// The three readings at one moment.
node::Now clockNow();
// The civil time at `wall` on this host's time zone (localtime_r).
policy::LocalTime localTimeAt(double wall);
// Microseconds since the epoch: a boot epoch that grows across restarts.
uint64_t wallMicros();

}  // namespace openlim::shell
