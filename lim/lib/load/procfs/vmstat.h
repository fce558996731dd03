#pragma once
// /proc/vmstat: swap-in and swap-out page counters (the pg index).

#include <cstdint>
#include <string_view>

#include "openlim/status.h"

namespace openlim::procfs {

struct PageCounters {
  uint64_t pswpin = 0;
  uint64_t pswpout = 0;
  uint64_t total() const { return pswpin + pswpout; }
};

// Error when either counter is missing or not a number.
Result<PageCounters> parseVmstat(std::string_view text);

}  // namespace openlim::procfs
