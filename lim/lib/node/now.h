#pragma once
// The time as the node sees it: one reading of the three clocks the shell's clock port
// (lim/shell/clock.h) takes, or the simulator's fake clock. The node never reads a clock.

#include "policy/local_time.h"

namespace openlim::node {

struct Now {
  double mono = 0;          // monotonic seconds: timers, ages, the election
  double wall = 0;          // epoch seconds: reservation leases (the same on every host)
  policy::LocalTime local;  // the civil time at `wall` here: the policies' calendar
};

}  // namespace openlim::node
