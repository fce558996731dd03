#pragma once
// Requests served by a lim, counted and timed by operation, for the metrics endpoint: a
// count and a latency histogram (fixed bucket bounds in seconds) per op. The op set is
// fixed, so a client sending made-up op names cannot grow it: unknown ones count as "other".
// Pure: the shell measures the duration and records it here.

#include <array>
#include <cstdint>
#include <string_view>

namespace openlim::master {

// Upper bounds (seconds) of the latency buckets; the last bucket (+Inf) is implicit.
inline constexpr std::array<double, 12> kLatencyBounds = {
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0};

struct LatencyHistogram {
  std::array<uint64_t, kLatencyBounds.size() + 1> buckets{};  // not cumulative; last = +Inf
  uint64_t count = 0;
  double sum = 0;  // seconds
  void observe(double seconds);
};

// The ops counted by name; everything else (malformed requests, unknown ops) is "other".
inline constexpr std::array<std::string_view, 14> kRequestOps = {
    "id",     "status",   "elimstatus", "load",   "hosts",    "info",    "place",
    "shared", "reconfig", "lock",       "unlock", "shutdown", "restart", "other"};

class RequestStats {
 public:
  // The index of `op` in kRequestOps ("other" when not listed).
  static size_t opIndex(std::string_view op);
  // ok: the reply was not an error reply (an error still counts and is timed).
  void record(std::string_view op, double seconds, bool ok);
  const LatencyHistogram& latency(size_t op) const { return latency_[op]; }
  uint64_t errors(size_t op) const { return errors_[op]; }

 private:
  std::array<LatencyHistogram, kRequestOps.size()> latency_{};
  std::array<uint64_t, kRequestOps.size()> errors_{};
};

}  // namespace openlim::master
