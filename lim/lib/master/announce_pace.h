#pragma once
// The pace of the master's announce round (LSF's LIM behaviour: the master announces itself to all
// lims regularly, once an exchange interval here).
//
// Sent as fast as the loop could, a round to 10,000 hosts kept the master busy for ~100 ms
// (a sendto per host) once an interval, and every query arriving in that window waited: in
// tests/bench/cmd/cmd_latency.py it was most of `lsplace -n 16`'s p99. Paced, a round is a
// small batch every few milliseconds: the same work, and never more than one batch in a
// query's way. It still ends within half an interval, so every lim hears the master once an
// interval; a round of kBatch hosts or fewer goes at once.
//
// A loop turn that was held up (a large reply built, a burst of reports) finds many
// announces due at once: at 100,000 hosts a 250 ms turn makes 3,000 due, ~20 ms of sending.
// The round sends at most kMaxPerTurn of them per turn and catches up over the next turns
// (the next batch is due at once), so the delay never adds up behind a query.

#include <cstddef>

namespace openlim::master {

struct AnnouncePace {
  static constexpr size_t kBatch = 16;       // ~0.2 ms of sending at most
  static constexpr double kMinRate = 4000;   // announces a second, whatever the cluster size
  static constexpr size_t kMaxPerTurn = 64;  // what one turn sends when the round is behind

  double start = 0;
  double rate = kMinRate;

  // The pace of a round to `hosts` lims that starts at `now`.
  static AnnouncePace forRound(size_t hosts, double exInterval, double now);
  // How many announces of the round are due by `now` (the first batch at once).
  size_t dueBy(double now) const;
  // How far a turn at `now` that finds `sent` announces done may go: what is due, capped.
  size_t sendUpTo(size_t sent, double now) const;
  // When the next batch is due after `sent` announces (start, for fewer than a batch).
  double nextBatchAt(size_t sent) const;
};

}  // namespace openlim::master
