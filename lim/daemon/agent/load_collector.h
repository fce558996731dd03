#pragma once
// The lim agent's built-in load indices and static host info.
// Single-threaded API for the lim event loop: call tick(now) from a timer at nextDeadline()
// (every 5 s); it reads only what is due (ls/it every 30 s, swp 15 s, tmp 120 s) and never
// blocks on a filesystem: statvfs(/tmp) runs on a worker thread with a deadline, and a hung
// or failing one makes tmp unknown (NaN) while every other index keeps updating.
//
// Usage (lim master):  LoadCollector collector(procRoot, *config, hostName);
//   loop: if (now >= collector.nextDeadline()) collector.tick(now);
//   collector.builtins()  -> BuiltinVector (kBuiltinNames order, NaN unknown)
//   collector.builtinMap() -> name -> value
//   collector.staticInfo()
// `now` is monotonic seconds (any epoch), the same clock for every call.

#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "agent/proc_source.h"
#include "agent/static_host_info.h"
#include "agent/statvfs_probe.h"
#include "load/load_sampler.h"
#include "load/nlb_sampler.h"
#include "load/process_count_gate.h"
#include "openlim/config.h"

namespace openlim::agent {

struct CollectorOptions {
  std::string tmpPath = "/tmp";            // real path (not under procRoot): statvfs target
  std::string utmpPath = "/var/run/utmp";  // under procRoot
  double statvfsTimeout = 2.0;             // seconds before tmp is reported unknown
  StatvfsFn statvfsFn;                     // default ::statvfs (tests inject a blocking one)
  std::string machine;                     // uname -m override ("" = uname())
  std::function<double()> wallClock;       // realtime seconds for tty idle (default: now)
  int selfRunning = 1;                     // runnable tasks of lim itself in procs_running
};

// The NLB host facts read once at start (docs/policies.md, "NLB attributes"): uname's
// machine, system name, release and version, and the CPU clock period in picoseconds.
struct NlbHostFacts {
  std::string hardware, osname, release, version;
  double clockPs = std::numeric_limits<double>::quiet_NaN();
};

struct CollectorCounters {
  uint64_t ticks = 0;
  uint64_t readErrors = 0;        // a /proc file missing or malformed (that index unknown)
  uint64_t tmpTimeouts = 0;       // statvfs past its deadline
  uint64_t tmpFailures = 0;       // statvfs returned an error
  uint64_t procListings = 0;      // /proc listed for NLB_NUMPROC
  uint64_t procCountsReused = 0;  // samples that kept the count: no task came or went
  uint64_t diskListings = 0;      // /sys/block listed (the diskstats device names changed)
};

class LoadCollector {
 public:
  // procRoot prefixes /proc, /sys, /dev and utmp ("/" in production). Reads the static
  // facts (cpuinfo, meminfo, diskstats, uname) once here; maxtmp arrives with the first
  // statvfs answer.
  LoadCollector(std::string procRoot, const ConfigSnapshot& config, std::string hostName,
                CollectorOptions opts = {});
  ~LoadCollector();

  // Samples what is due at `now`. Cheap when nothing is due.
  void tick(double now);
  // When tick() should run next (monotonic seconds). Before the first tick: -inf (now).
  double nextDeadline() const;
  // When the loop should wake for it if nothing else wakes it: 10 ms past nextDeadline().
  // The sample falls due on the instants melim writes its periodic line (util/
  // period_grid.h); waiting a moment lets that line wake the loop first, and the sample goes
  // in that turn (tick() at any time from nextDeadline() on) rather than a wake-up of its own.
  double wakeAt() const { return nextDeadline() + kShareWait; }
  static constexpr double kShareWait = 0.01;

  const BuiltinVector& builtins() const { return sampler_.values(); }
  std::map<std::string, double> builtinMap() const;
  const StaticHostInfo& staticInfo() const { return info_; }
  // NLB_SYSCPU NLB_NUMPROC NLB_PSWCH NLB_IOREQS (kNlbNames order, NaN unknown).
  const NlbVector& nlbValues() const { return nlb_.values(); }
  const NlbHostFacts& nlbFacts() const { return nlbFacts_; }
  const CollectorCounters& counters() const { return counters_; }

  // Re-applies a new config (type/model/cpuf/booleans/LSF_NCPUS); keeps load state.
  void reconfigure(const ConfigSnapshot& config);

 private:
  void readFast(uint32_t due, RawSample& raw);
  void readUsers(RawSample& raw, double now);
  void pollTmp(RawSample& raw, double now);
  std::optional<int> countProcesses(const std::optional<procfs::ProcStat>& stat);
  std::set<std::string> wholeDisks();
  const std::set<std::string>* wholeDisksFor(std::string_view diskstats);
  void detect();

  ProcSource proc_;
  std::string hostName_;
  CollectorOptions opts_;
  DetectedHost detected_;
  StaticHostInfo info_;
  LoadSampler sampler_;
  NlbSampler nlb_;
  ProcessCountGate processGate_;
  std::set<std::string> disks_;             // /sys/block at its last listing
  std::optional<uint64_t> disksListedFor_;  // the diskstats names digest it was listed for
  NlbHostFacts nlbFacts_;
  StatvfsProbe tmpProbe_;
  CollectorCounters counters_;
  double lastTick_ = 0;
};

}  // namespace openlim::agent
