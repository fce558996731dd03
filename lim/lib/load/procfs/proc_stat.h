#pragma once
// Pure parsers for the Linux /proc and sysfs texts the lim agent samples (LSF's LIM behaviour,
// "Built-in load indices"). Each takes the file's text and returns the numbers the load
// sampler needs, or a precise error; none reads a file or a clock.

#include <cstdint>
#include <string_view>

#include "openlim/status.h"

namespace openlim::procfs {

// Aggregate CPU jiffies from the "cpu " line of /proc/stat.
// idle counts idle + iowait (spec: iowait is idle); total adds user nice system irq softirq
// steal. guest/guest_nice are already inside user/nice, so they are not added again.
struct CpuTimes {
  uint64_t idle = 0;
  uint64_t total = 0;
  uint64_t system = 0;  // the system column alone (NLB_SYSCPU)
};

struct ProcStat {
  CpuTimes cpu;
  int64_t procsRunning = -1;  // "procs_running" (includes the reading process); -1 if absent
  int cpuLines = 0;           // number of "cpuN" lines (logical CPUs the kernel lists)
  int64_t ctxt = -1;          // "ctxt": context switches since boot; -1 if absent
  int64_t forks = -1;         // "processes": tasks created since boot; -1 if absent
};

// REQUIRES: text is the whole /proc/stat. Error when the "cpu " line is missing or malformed.
Result<ProcStat> parseProcStat(std::string_view text);

}  // namespace openlim::procfs
