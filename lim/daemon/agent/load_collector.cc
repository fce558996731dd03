#include "agent/load_collector.h"

#include "clock.h"

#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "load/procfs/cpu_topology.h"
#include "load/procfs/nlb_host.h"
#include "load/procfs/utmp.h"

namespace openlim::agent {
namespace {

constexpr double kTmpRepoll = 0.2;  // seconds between checks of a pending statvfs

// The page size in KB (the swap counters count pages); 4 when the system will not say.
double pageKb() {
  long bytes = ::sysconf(_SC_PAGESIZE);
  return bytes > 0 ? static_cast<double>(bytes) / 1024 : 4;
}

double realtimeNow() {
  return shell::wallSeconds();  // the daemon's one clock
}

void readUname(NlbHostFacts& f) {
  struct utsname u;
  if (::uname(&u) != 0) return;
  f.hardware = u.machine;
  f.osname = u.sysname;
  f.release = u.release;
  f.version = u.version;
}

}  // namespace

LoadCollector::LoadCollector(std::string procRoot, const ConfigSnapshot& config,
                             std::string hostName, CollectorOptions opts)
    : proc_(std::move(procRoot)),
      hostName_(std::move(hostName)),
      opts_(std::move(opts)),
      nlb_(pageKb()),
      tmpProbe_(opts_.tmpPath, opts_.statvfsTimeout, opts_.statvfsFn) {
  if (!opts_.wallClock) opts_.wallClock = realtimeNow;
  detect();
  info_ = buildStaticInfo(config, hostName_, detected_);
}

LoadCollector::~LoadCollector() = default;

// Static facts, read once: a failed read leaves that fact 0/unknown.
void LoadCollector::detect() {
  readUname(nlbFacts_);
  if (!opts_.machine.empty()) nlbFacts_.hardware = opts_.machine;
  detected_.machine = nlbFacts_.hardware;
  if (auto text = proc_.read("/proc/cpuinfo")) {
    if (auto t = procfs::parseCpuinfo(*text)) {
      detected_.threads = t->logical;
      detected_.cores = t->cores;
    }
    if (auto ps = procfs::parseCpuinfoPicoseconds(*text)) nlbFacts_.clockPs = *ps;
  }
  // The nominal maximum, when the kernel gives it, rather than the current scaled clock.
  if (auto text = proc_.read("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq")) {
    if (auto ps = procfs::parseMaxFreqPicoseconds(*text)) nlbFacts_.clockPs = *ps;
  }
  detected_.onlineCpus = detected_.threads;
  if (auto text = proc_.read("/sys/devices/system/cpu/online")) {
    if (auto n = procfs::parseCpuRangeCount(*text)) detected_.onlineCpus = *n;
  }
  if (auto text = proc_.read("/proc/meminfo")) {
    if (auto mi = procfs::parseMeminfo(*text)) {
      detected_.memTotalMb = mi->memTotalMb.value_or(std::nan(""));
      detected_.swapTotalMb = mi->swapTotalMb.value_or(std::nan(""));
    }
  }
  if (auto text = proc_.read("/proc/diskstats")) {
    auto disks = wholeDisks();
    if (auto d = procfs::parseDiskstats(*text, disks.empty() ? nullptr : &disks))
      detected_.disks = d->disks;
  }
}

std::set<std::string> LoadCollector::wholeDisks() {
  ++counters_.diskListings;
  auto names = proc_.listKept("/sys/block");
  return std::set<std::string>(names.begin(), names.end());
}

// The whole disks for this /proc/diskstats text: /sys/block is listed again only when the
// device names diskstats lists changed (a device came or went), not at every sample. nullptr
// when /sys/block cannot be listed (parseDiskstats then goes by the names alone).
const std::set<std::string>* LoadCollector::wholeDisksFor(std::string_view diskstats) {
  const uint64_t digest = procfs::deviceNamesDigest(diskstats);
  if (disksListedFor_ != digest) {
    disks_ = wholeDisks();
    disksListedFor_ = disks_.empty() ? std::nullopt : std::optional(digest);
  }
  return disks_.empty() ? nullptr : &disks_;
}

void LoadCollector::reconfigure(const ConfigSnapshot& config) {
  double maxtmp = info_.maxtmp;
  info_ = buildStaticInfo(config, hostName_, detected_);
  info_.maxtmp = maxtmp;
}

double LoadCollector::nextDeadline() const {
  double next = sampler_.nextDue();
  if (tmpProbe_.state() == StatvfsProbe::State::kPending)
    next = std::min(next, lastTick_ + kTmpRepoll);
  return next;
}

void LoadCollector::tick(double now) {
  ++counters_.ticks;
  lastTick_ = now;
  RawSample raw;
  raw.selfRunning = opts_.selfRunning;
  uint32_t due = sampler_.due(now);
  raw.attempted = due;
  readFast(due, raw);
  if (due & kSrcUsers) readUsers(raw, now);
  std::optional<int> processes;
  if (due & kSrcStat) processes = countProcesses(raw.stat);
  nlb_.ingest(raw.stat, (due & kSrcStat) && !raw.stat, raw.disks,
              (due & kSrcDiskstats) && !raw.disks, processes, now);
  nlb_.ingestSwap(raw.vmstat, (due & kSrcVmstat) && !raw.vmstat, now);
  if (due & kSrcStat) {
    // A kernel without pressure accounting has no such file: NLB_RUNQOCC stays unknown, and
    // that is no read error.
    std::optional<uint64_t> stalled;
    if (auto text = proc_.readKept("/proc/pressure/cpu"))
      if (auto t = procfs::parseCpuPressureTotal(*text)) stalled = *t;
    nlb_.ingestCpuPressure(stalled, !stalled, now);
  }
  pollTmp(raw, now);
  if (due & kSrcTmp) {
    tmpProbe_.start(now);  // a hung probe is not restarted; tmp stays unknown
    pollTmp(raw, now);     // a fast filesystem answers within this tick
  }
  sampler_.ingest(raw, now);
}

void LoadCollector::readFast(uint32_t due, RawSample& raw) {
  auto fail = [this] { ++counters_.readErrors; };
  if (due & kSrcStat) {
    auto text = proc_.readKept("/proc/stat");
    auto s = text ? procfs::parseProcStat(*text) : Result<procfs::ProcStat>(text.status());
    s ? void(raw.stat = *s) : fail();
  }
  if (due & kSrcVmstat) {
    auto text = proc_.readKept("/proc/vmstat");
    auto v = text ? procfs::parseVmstat(*text) : Result<procfs::PageCounters>(text.status());
    v ? void(raw.vmstat = *v) : fail();
  }
  if (due & kSrcDiskstats) {
    auto text = proc_.readKept("/proc/diskstats");
    auto d = text ? procfs::parseDiskstats(*text, wholeDisksFor(*text))
                  : Result<procfs::DiskTotals>(text.status());
    d ? void(raw.disks = *d) : fail();
  }
  if (due & (kSrcMemAvail | kSrcSwap)) {
    auto text = proc_.readKept("/proc/meminfo");
    auto m = text ? procfs::parseMeminfo(*text) : Result<procfs::MemInfo>(text.status());
    m ? void(raw.meminfo = *m) : fail();
  }
}

// NLB_NUMPROC: the count of the last listing of /proc while no task came or went since
// (ProcessCountGate), else a new listing. /proc/stat was read first (the gate's read order).
std::optional<int> LoadCollector::countProcesses(const std::optional<procfs::ProcStat>& stat) {
  std::optional<TaskCounters> tasks;
  if (stat && stat->forks >= 0)
    if (auto text = proc_.readKept("/proc/loadavg"))
      if (auto n = procfs::parseLoadavgTasks(*text))
        tasks = TaskCounters{static_cast<uint64_t>(stat->forks), *n};
  if (processGate_.mustList(tasks))  // a listing: no file opened per process, no name copied
    processGate_.listed(tasks, proc_.countNumericKept("/proc"));
  counters_.procListings = processGate_.counters().listings;
  counters_.procCountsReused = processGate_.counters().reused;
  return processGate_.count();
}

// ls: distinct users of USER_PROCESS entries. it: minutes since the most recent tty input
// (atime of /dev/<line>); kIdleNobodyMinutes when nobody is on a tty. No utmp file means
// nobody logged in; any other read error makes both unknown.
void LoadCollector::readUsers(RawSample& raw, double) {
  auto bytes = proc_.read(opts_.utmpPath);
  if (!bytes && bytes.status().code() != Code::kNotFound) {
    ++counters_.readErrors;
    return;
  }
  auto entries = bytes ? procfs::parseUtmp(*bytes) : std::vector<procfs::LoginEntry>{};
  raw.users = procfs::countDistinctUsers(entries);
  double wall = opts_.wallClock();
  double idle = std::numeric_limits<double>::infinity();
  for (const auto& e : entries) {
    if (e.line.empty() || e.line.find("..") != std::string::npos) continue;
    if (auto at = proc_.atime("/dev/" + e.line))
      idle = std::min(idle, std::max(0.0, (wall - *at) / 60.0));
  }
  raw.idleMinutes = std::isinf(idle) ? kIdleNobodyMinutes : idle;
}

void LoadCollector::pollTmp(RawSample& raw, double now) {
  bool wasHung = tmpProbe_.state() == StatvfsProbe::State::kHung;
  auto answer = tmpProbe_.poll(now);
  // The hung statvfs finally returned: probe again at once rather than 120 s later.
  if (wasHung && tmpProbe_.state() == StatvfsProbe::State::kIdle) sampler_.expire(kSrcTmp);
  counters_.tmpTimeouts = tmpProbe_.timeouts();
  counters_.tmpFailures = tmpProbe_.failures();
  if (!answer) return;
  if (*answer) {
    raw.tmpFreeMb = (*answer)->freeMb;
    info_.maxtmp = detected_.tmpTotalMb = (*answer)->totalMb;
  } else {
    raw.tmpFreeMb = std::nan("");
  }
}

std::map<std::string, double> LoadCollector::builtinMap() const {
  std::map<std::string, double> out;
  for (size_t i = 0; i < kBuiltinNames.size(); ++i) out[kBuiltinNames[i]] = builtins()[i];
  return out;
}

}  // namespace openlim::agent
