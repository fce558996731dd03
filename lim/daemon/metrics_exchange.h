#pragma once
// How the metrics endpoint's HTTP threads get what they show without ever blocking the lim's
// loop or touching its state. A scrape asks (a flag and a wake-up on an eventfd the loop
// polls); the loop, on its next turn, copies its counters and takes the published host table
// (an immutable shared_ptr: the table is not patched in place while someone else holds it)
// into a MetricsInput and hands it over; the HTTP thread writes the text from that copy.
// The last reference to a handed-over input is dropped on the loop's side, under the mutex,
// so the loop's "nobody else holds the table" test (use count 1) is always seen after every
// reader finished with it. A loop that does not answer within the wait gives a body with
// only the lim's identity and the age of its last turn, which is what shows it stalled.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>

#include "master/metrics.h"

namespace openlim::lim {

class MetricsExchange {
 public:
  // `identity`: what a scrape shows when the loop does not answer (cluster, host, version).
  explicit MetricsExchange(master::MetricsInput identity);
  ~MetricsExchange();
  MetricsExchange(const MetricsExchange&) = delete;
  MetricsExchange& operator=(const MetricsExchange&) = delete;

  // --- the loop's side ---
  int wakeFd() const { return wakeFd_; }  // poll for POLLIN
  void noteTurn(double now) { lastTurn_.store(now, std::memory_order_relaxed); }
  // Called when wakeFd() is readable: drops an input nobody reads any more and, when a scrape
  // waits, hands over a new one from `build` (called without the lock held).
  void serve(const std::function<master::MetricsInputPtr()>& build);

  // --- the HTTP threads' side ---
  // The scrape body; waits up to `waitSeconds` for the loop's hand-over.
  std::string scrape(double waitSeconds);
  uint64_t handovers() const { return handovers_.load(std::memory_order_relaxed); }

 private:
  void wake();

  const master::MetricsInput identity_;
  int wakeFd_ = -1;
  std::atomic<double> lastTurn_;
  std::atomic<uint64_t> handovers_{0};
  std::mutex mu_;
  std::condition_variable cv_;
  bool wanted_ = false;
  uint64_t generation_ = 0;
  master::MetricsInputPtr latest_;
  int readers_ = 0;
};

}  // namespace openlim::lim
