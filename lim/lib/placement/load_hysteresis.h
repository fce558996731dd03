#pragma once
// PBS's busy/free hysteresis on a host's load (docs/rating.md): a host becomes busy when its
// load reaches max_load and is free again only once it falls below ideal_load, so a load
// hovering around one limit does not flip the host's status at every report.

namespace openlim::placement {

// The host's next state from its current one and a new load (raw r1m). An unknown load (NaN)
// keeps the current state. REQUIRES: ideal <= max.
bool loadBusy(bool wasBusy, double load, double ideal, double max);

}  // namespace openlim::placement
