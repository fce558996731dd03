#pragma once
// The simulator's one clock (docs/simulation.md): a monotonic time that only the event loop
// moves, the wall clock a fixed offset from it (every simulated host reads the same), and
// the civil time at that wall clock (UTC). Nothing here reads a real clock.

#include <ctime>

#include "node/now.h"
#include "policy/local_time.h"

namespace openlim::sim {

class SimClock {
 public:
  // Monotonic seconds start at 1000 (a host that booted a while ago); the wall clock at a
  // fixed date, so a seed replays with the same leases and calendar periods.
  static constexpr double kStartMono = 1000;
  static constexpr double kWallAtStart = 1.8e9;

  double mono() const { return mono_; }
  double wall() const { return mono_ - kStartMono + kWallAtStart; }
  // REQUIRES: t >= mono() (time never goes back).
  void advanceTo(double t) {
    if (t > mono_) mono_ = t;
  }
  node::Now now() const {
    node::Now n;
    n.mono = mono_;
    n.wall = wall();
    std::time_t secs = static_cast<std::time_t>(n.wall);
    std::tm tm{};
    gmtime_r(&secs, &tm);  // a pure conversion of the simulated wall clock
    n.local = policy::fromTm(tm);
    return n;
  }

 private:
  double mono_ = kStartMono;
};

}  // namespace openlim::sim
