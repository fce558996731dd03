#include "master/request_stats.h"

#include <algorithm>

namespace openlim::master {

void LatencyHistogram::observe(double seconds) {
  if (!(seconds >= 0)) seconds = 0;  // a clock step back or NaN: the fastest bucket
  auto it = std::lower_bound(kLatencyBounds.begin(), kLatencyBounds.end(), seconds);
  ++buckets[static_cast<size_t>(it - kLatencyBounds.begin())];
  ++count;
  sum += seconds;
}

size_t RequestStats::opIndex(std::string_view op) {
  for (size_t i = 0; i + 1 < kRequestOps.size(); ++i)
    if (kRequestOps[i] == op) return i;
  return kRequestOps.size() - 1;
}

void RequestStats::record(std::string_view op, double seconds, bool ok) {
  size_t i = opIndex(op);
  latency_[i].observe(seconds);
  if (!ok) ++errors_[i];
}

}  // namespace openlim::master
