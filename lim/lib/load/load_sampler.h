#pragma once
// The pure part of the lim agent's built-in load indices (LSF's LIM behaviour): turns raw counters
// read from /proc at monotonic times into the 11 smoothed built-in indices, and says which
// sources are due for a read. No I/O, no clock: `now` is monotonic seconds from the caller.
//
// Units: r15s/r1m/r15m processes; ut 0-1; pg pages/s; io KB/s; ls users; it minutes;
// tmp/swp/mem MB. Unknown = NaN.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "load/procfs/diskstats.h"
#include "load/procfs/meminfo.h"
#include "load/procfs/proc_stat.h"
#include "load/procfs/vmstat.h"
#include "load/smoothing.h"

namespace openlim {

// LSF order of the built-in load indices.
enum class BuiltinIndex : uint8_t { kR15s, kR1m, kR15m, kUt, kPg, kIo, kLs, kIt, kTmp, kSwp, kMem };
inline constexpr int kBuiltinCount = 11;
inline constexpr std::array<const char*, kBuiltinCount> kBuiltinNames = {
    "r15s", "r1m", "r15m", "ut", "pg", "io", "ls", "it", "tmp", "swp", "mem"};
using BuiltinVector = std::array<double, kBuiltinCount>;
// Index of a built-in name in kBuiltinNames, -1 if it is not one.
int builtinIndexOf(std::string_view name);

// `it` when nobody is logged in on a tty: LSF shows a large idle time then. We report
// 10000 minutes (~1 week) — large enough to pass any "it > N" requirement people write.
inline constexpr double kIdleNobodyMinutes = 10000.0;

// Refresh periods (seconds) and smoothing constants (seconds) from LSF's LIM behaviour.
inline constexpr double kFastPeriod = 5;    // r15s r1m r15m ut pg io mem
inline constexpr double kSwapPeriod = 15;   // swp
inline constexpr double kUsersPeriod = 30;  // ls it
inline constexpr double kTmpPeriod = 120;   // tmp
inline constexpr double kTauR15s = 15, kTauR1m = 60, kTauR15m = 900, kTauRate = 60;

// What a tick should read. Bit set over sources.
enum SourceBit : uint32_t {
  kSrcStat = 1u << 0,       // /proc/stat       -> r15s r1m r15m ut
  kSrcVmstat = 1u << 1,     // /proc/vmstat     -> pg
  kSrcDiskstats = 1u << 2,  // /proc/diskstats  -> io
  kSrcMemAvail = 1u << 3,   // /proc/meminfo    -> mem
  kSrcSwap = 1u << 4,       // /proc/meminfo    -> swp
  kSrcUsers = 1u << 5,      // utmp + tty atimes -> ls it
  kSrcTmp = 1u << 6,        // statvfs(/tmp)    -> tmp (off the loop)
};

// One tick's raw readings; a source not read (not due, or unreadable) is nullopt.
struct RawSample {
  std::optional<procfs::ProcStat> stat;
  std::optional<procfs::PageCounters> vmstat;
  std::optional<procfs::DiskTotals> disks;
  std::optional<procfs::MemInfo> meminfo;
  std::optional<int> users;           // ls
  std::optional<double> idleMinutes;  // it (kIdleNobodyMinutes when nobody is on a tty)
  std::optional<double> tmpFreeMb;    // tmp; NaN = statvfs timed out/failed -> unknown
  uint32_t attempted = 0;             // sources the shell tried (a failed read -> unknown)
  int selfRunning = 1;                // runnable tasks that are lim itself (subtracted)
};

class LoadSampler {
 public:
  LoadSampler();

  // Sources due at `now` (all of them on the first call). A source falls due again at the
  // next multiple of its period after its last read (util/period_grid.h: where melim's
  // periodic lines come too), so at most a period later.
  uint32_t due(double now) const;
  // Earliest time any source falls due (for the loop's timer).
  double nextDue() const;
  // Applies a tick's readings taken at `now` and marks the attempted sources as read.
  // Rate indices (ut pg io) need two samples: unknown until the second one of a source.
  // A counter that goes backwards (wrap, hot-unplugged disk) restarts that rate.
  void ingest(const RawSample& raw, double now);

  // Makes the given sources due now (e.g. tmp once a hung statvfs has finally returned).
  void expire(uint32_t sources);

  const BuiltinVector& values() const { return values_; }
  double value(BuiltinIndex i) const { return values_[static_cast<size_t>(i)]; }

 private:
  struct Prev {
    bool have = false;
    double at = 0;
    uint64_t a = 0, b = 0;
  };
  void ingestStat(const procfs::ProcStat& s, int self, double now);
  void ingestRate(Prev& p, ExpSmoother& sm, BuiltinIndex i, uint64_t count, double scale,
                  double now);
  void set(BuiltinIndex i, double v) { values_[static_cast<size_t>(i)] = v; }

  BuiltinVector values_;
  std::array<double, 7> lastRead_;  // per source bit: monotonic time of the last read; NaN never
  ExpSmoother r15s_{kTauR15s}, r1m_{kTauR1m}, r15m_{kTauR15m};
  ExpSmoother ut_{kTauRate}, pg_{kTauRate}, io_{kTauRate};
  Prev cpu_, pages_, sectors_, runq_;
};

}  // namespace openlim
