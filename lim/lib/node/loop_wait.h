#pragma once
// How long the lim's poll loop sleeps (docs/architecture.md: the loop sleeps until the next
// deadline). An idle lim wakes only when some source has work: the next sample, report,
// heartbeat, melim check, connection or scrape deadline, never on a fixed beat of its own.
// Pure: `now` and the deadlines are monotonic seconds from the caller.

namespace openlim::node {

struct LoopWait {
  double next = 0;  // the earliest deadline of every source (+inf: none)
  // The longest sleep without a tick, for timers no monotonic deadline follows
  // (LimNode::maxTickGap); +inf when every timer has its deadline.
  double maxGap = 0;
  // An announce round is paced to the millisecond: round the wait up, not down + 1 ms.
  bool paced = false;
  bool urgent = false;  // work is waiting now (a scrape body to write): do not sleep
};

// The poll(2) timeout in ms for a loop turn at `now`: 0 when urgent or a deadline has passed,
// -1 (no timeout) when nothing is due ever (a NaN deadline counts as due now). A deadline just
// missed never spins the loop (the +1 ms), and a sleep never ends before its deadline.
int pollTimeoutMs(double now, const LoopWait& w);

// When the loop wakes for a node timer due at `deadline` (its report and heartbeat fall on
// the sample's instants: util/period_grid.h). One due from the sample's instant `sampleAt` to
// its wake-up `sampleAt + share` (LoadCollector::wakeAt) waits for that wake-up: melim's line
// of that instant comes first, and the turn it wakes takes the sample and the timer together
// (a timer runs at any time from its deadline on). Any other deadline stands.
double wakeWithSample(double deadline, double sampleAt, double share);

}  // namespace openlim::node
