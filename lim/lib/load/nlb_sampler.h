#pragma once
// The NLB values the lim collects that have no LSF index (docs/policies.md, "NLB
// attributes"), from the same readings as the built-ins. Pure: `now` is monotonic seconds.
//
// NLB_SYSCPU  percent of CPU time spent in the kernel (system column of /proc/stat)
// NLB_NUMPROC processes (numeric entries of /proc)
// NLB_PSWCH   context switches per second (ctxt of /proc/stat)
// NLB_IOREQS  disk reads + writes completed per second (real disks of /proc/diskstats)
// NLB_SWAPPING KB per second moved to and from swap (pswpin + pswpout of /proc/vmstat, in
//             pages of the host's page size)
// NLB_RUNQOCC percent of the time some runnable process waited for a CPU (the `some` line's
//             total of /proc/pressure/cpu, microseconds); unknown where the kernel has no
//             pressure accounting
// The rates are over the interval since the previous reading (no smoothing: the averaged
// forms NLB_A_<X> are the master's); unknown until the second reading, and after a counter
// goes backwards until the next one.

#include <array>
#include <cstdint>
#include <optional>

#include "load/procfs/diskstats.h"
#include "load/procfs/proc_stat.h"
#include "load/procfs/vmstat.h"

namespace openlim {

enum class NlbIndex : uint8_t { kSysCpu, kNumProc, kPswch, kIoReqs, kSwapping, kRunqOcc };
inline constexpr int kNlbCount = 6;
inline constexpr std::array<const char*, kNlbCount> kNlbNames = {
    "NLB_SYSCPU", "NLB_NUMPROC", "NLB_PSWCH", "NLB_IOREQS", "NLB_SWAPPING", "NLB_RUNQOCC"};
using NlbVector = std::array<double, kNlbCount>;

class NlbSampler {
 public:
  // pageKb: the host's page size in KB (swap counters count pages). REQUIRES: > 0.
  explicit NlbSampler(double pageKb = 4);
  // A reading at `now`: a source not read this time is nullopt and keeps its value, unless
  // `failed` says it was attempted (then unknown).
  void ingest(const std::optional<procfs::ProcStat>& stat, bool statFailed,
              const std::optional<procfs::DiskTotals>& disks, bool disksFailed,
              std::optional<int> processes, double now);
  // The swap counters of /proc/vmstat (NLB_SWAPPING) and the CPU pressure's `some` total in
  // microseconds (NLB_RUNQOCC), by the same rules: nullopt and not failed keeps the value.
  void ingestSwap(const std::optional<procfs::PageCounters>& vm, bool failed, double now);
  void ingestCpuPressure(std::optional<uint64_t> someTotalUs, bool failed, double now);
  const NlbVector& values() const { return values_; }
  double value(NlbIndex i) const { return values_[static_cast<size_t>(i)]; }

 private:
  struct Counter {
    bool have = false;
    double at = 0;
    uint64_t a = 0, b = 0;
  };
  void set(NlbIndex i, double v) { values_[static_cast<size_t>(i)] = v; }
  // Per-second rate of `count` since the last call: NaN first and after a wrap; nullopt when
  // the clock did not move (the value stays).
  static std::optional<double> rate(Counter& c, uint64_t count, double now);

  NlbVector values_;
  double pageKb_;
  Counter cpu_, ctxt_, ioreqs_, swap_, stall_;
};

}  // namespace openlim
