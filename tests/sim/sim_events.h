#pragma once
// The simulator's event queue: actions at simulated monotonic times, run in time order and,
// at one time, in the order they were scheduled (a sequence number breaks ties), so a seed
// replays exactly.

#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "sim_clock.h"

namespace openlim::sim {

class EventQueue {
 public:
  explicit EventQueue(SimClock& clock) : clock_(clock) {}

  void at(double t, std::function<void()> fn) {
    queue_.push({t < clock_.mono() ? clock_.mono() : t, next_++, std::move(fn)});
  }
  // Runs every event due at or before `t`, then moves the clock to `t`. `after` runs after
  // each event (the invariant checks).
  void runUntil(double t, const std::function<void()>& after) {
    while (!queue_.empty() && queue_.top().t <= t) {
      Event e = queue_.top();
      queue_.pop();
      clock_.advanceTo(e.t);
      e.fn();
      ++events_;
      if (after) after();
    }
    clock_.advanceTo(t);
  }
  uint64_t events() const { return events_; }

 private:
  struct Event {
    double t;
    uint64_t seq;
    std::function<void()> fn;
    bool operator>(const Event& o) const { return t != o.t ? t > o.t : seq > o.seq; }
  };
  SimClock& clock_;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> queue_;
  uint64_t next_ = 0;
  uint64_t events_ = 0;
};

}  // namespace openlim::sim
