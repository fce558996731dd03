#pragma once
// Periodic timers that share their wake-ups. A timer set to `last + period` runs at an instant
// of its own (whenever it last ran), so two timers of one period, in one process or in two
// (lim's 5 s sample and melim's ELIM_POLL_INTERVAL line), each wake the host separately. Set
// to the next multiple of its period instead (on the monotonic clock, which is the host's:
// every process reads the same one), a timer still runs at least every `period`, and timers
// whose periods divide one another fall due at the same instants: one wake-up for all.

namespace openlim {

// The first multiple of `period` after `last`: in (last, last + period]. A `last` that is not
// finite (never ran: -inf) gives last + period, as a plain timer would.
// REQUIRES: period > 0.
double nextOnGrid(double last, double period);

}  // namespace openlim
