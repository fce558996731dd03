#pragma once
// Pure parsers for the NLB values with no LSF index (docs/policies.md, "NLB attributes"):
// the CPU clock (NLB_CLOCK, picoseconds per cycle) and the process count (NLB_NUMPROC).
// The rates (NLB_SYSCPU, NLB_PSWCH, NLB_IOREQS) come from parseProcStat and parseDiskstats.

#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"

namespace openlim::procfs {

// /sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq: one positive integer, kHz.
// Returns the clock period in picoseconds (1e9 / kHz).
Result<double> parseMaxFreqPicoseconds(std::string_view text);

// /proc/cpuinfo: the first "cpu MHz : 2596.140" line. Returns picoseconds (1e6 / MHz).
// Error when there is no such line or its value is not a positive number.
Result<double> parseCpuinfoPicoseconds(std::string_view text);

// The entries of /proc that are processes: names made only of digits.
int countProcesses(const std::vector<std::string>& procNames);

// /proc/loadavg: the task count after the '/' of its fourth field (every thread of every
// process: the kernel's nr_threads), as in "0.60 1.17 1.49 3/105 14564" -> 105.
// ProcessCountGate reads it to tell whether a task was reaped.
Result<uint64_t> parseLoadavgTasks(std::string_view text);

// /proc/pressure/cpu: the `total=` of its `some` line (microseconds during which at least one
// runnable task waited for a CPU, since boot) for NLB_RUNQOCC:
//   some avg10=0.00 avg60=0.00 avg300=0.00 total=123456
// Error when there is no such line or its total is not a whole number.
Result<uint64_t> parseCpuPressureTotal(std::string_view text);

}  // namespace openlim::procfs
