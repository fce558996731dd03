#pragma once
// CPU counts for the static host info: ncpus (online logical CPUs), ncores, nthreads.

#include <optional>
#include <string_view>

#include "openlim/status.h"

namespace openlim::procfs {

struct CpuTopology {
  int logical = 0;  // "processor" entries (nthreads = logical CPUs)
  int cores = 0;    // distinct (physical id, core id) pairs; = logical when not given
  int sockets = 0;  // distinct physical ids; 1 when not given
};

// /proc/cpuinfo. Error when no "processor" line is found.
Result<CpuTopology> parseCpuinfo(std::string_view text);

// /sys/devices/system/cpu/online, e.g. "0-3,6,8-9\n" -> 7. Error on malformed ranges.
Result<int> parseCpuRangeCount(std::string_view text);

}  // namespace openlim::procfs
