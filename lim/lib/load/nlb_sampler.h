#pragma once
// The NLB values the lim collects that have no LSF index (docs/policies.md, "NLB
// attributes"), from the same readings as the built-ins. Pure: `now` is monotonic seconds.
//
// NLB_SYSCPU  percent of CPU time spent in the kernel (system column of /proc/stat)
// NLB_NUMPROC processes (numeric entries of /proc)
// NLB_PSWCH   context switches per second (ctxt of /proc/stat)
// NLB_IOREQS  disk reads + writes completed per second (real disks of /proc/diskstats)
// The rates are over the interval since the previous reading (no smoothing: the averaged
// forms NLB_A_<X> are the master's); unknown until the second reading, and after a counter
// goes backwards until the next one.

#include <array>
#include <cstdint>
#include <optional>

#include "load/procfs/diskstats.h"
#include "load/procfs/proc_stat.h"

namespace openlim {

enum class NlbIndex : uint8_t { kSysCpu, kNumProc, kPswch, kIoReqs };
inline constexpr int kNlbCount = 4;
inline constexpr std::array<const char*, kNlbCount> kNlbNames = {"NLB_SYSCPU", "NLB_NUMPROC",
                                                                 "NLB_PSWCH", "NLB_IOREQS"};
using NlbVector = std::array<double, kNlbCount>;

class NlbSampler {
 public:
  NlbSampler();
  // A reading at `now`: a source not read this time is nullopt and keeps its value, unless
  // `failed` says it was attempted (then unknown).
  void ingest(const std::optional<procfs::ProcStat>& stat, bool statFailed,
              const std::optional<procfs::DiskTotals>& disks, bool disksFailed,
              std::optional<int> processes, double now);
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
  Counter cpu_, ctxt_, ioreqs_;
};

}  // namespace openlim
