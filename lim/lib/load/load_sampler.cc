#include "load/load_sampler.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "util/period_grid.h"

namespace openlim {
namespace {

constexpr int kSources = 7;
constexpr double kPeriods[kSources] = {kFastPeriod, kFastPeriod,  kFastPeriod, kFastPeriod,
                                       kSwapPeriod, kUsersPeriod, kTmpPeriod};
// A timer that fires a little early (poll's millisecond rounding) still counts as due.
constexpr double kSlack = 0.05;

// When a source read at `last` falls due again: the next multiple of its period (util/
// period_grid.h: melim's lines come on the same instants, so a sample shares their wake-up).
// A read up to kSlack before a multiple was that multiple's.
double dueAfter(double last, double period) {
  return nextOnGrid(last + kSlack, period);
}
const double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

int builtinIndexOf(std::string_view name) {
  for (int i = 0; i < kBuiltinCount; ++i)
    if (name == kBuiltinNames[static_cast<size_t>(i)]) return i;
  return -1;
}

LoadSampler::LoadSampler() {
  values_.fill(kNaN);
  lastRead_.fill(kNaN);
}

uint32_t LoadSampler::due(double now) const {
  uint32_t bits = 0;
  for (int i = 0; i < kSources; ++i) {
    double last = lastRead_[static_cast<size_t>(i)];
    if (std::isnan(last) || now >= dueAfter(last, kPeriods[i]) - kSlack) bits |= 1u << i;
  }
  return bits;
}

double LoadSampler::nextDue() const {
  double next = std::numeric_limits<double>::infinity();
  for (int i = 0; i < kSources; ++i) {
    double last = lastRead_[static_cast<size_t>(i)];
    if (std::isnan(last)) return -std::numeric_limits<double>::infinity();
    next = std::min(next, dueAfter(last, kPeriods[i]));
  }
  return next;
}

void LoadSampler::expire(uint32_t sources) {
  for (int i = 0; i < kSources; ++i)
    if (sources & (1u << i)) lastRead_[static_cast<size_t>(i)] = kNaN;
}

void LoadSampler::ingest(const RawSample& raw, double now) {
  for (int i = 0; i < kSources; ++i)
    if (raw.attempted & (1u << i)) lastRead_[static_cast<size_t>(i)] = now;
  if (raw.stat) {
    ingestStat(*raw.stat, raw.selfRunning, now);
  } else if (raw.attempted & kSrcStat) {
    for (auto i : {BuiltinIndex::kR15s, BuiltinIndex::kR1m, BuiltinIndex::kR15m, BuiltinIndex::kUt})
      set(i, kNaN);
  }
  if (raw.vmstat)
    ingestRate(pages_, pg_, BuiltinIndex::kPg, raw.vmstat->total(), 1.0, now);
  else if (raw.attempted & kSrcVmstat)
    set(BuiltinIndex::kPg, kNaN);
  // Sectors are 512 bytes: KB = sectors / 2.
  if (raw.disks)
    ingestRate(sectors_, io_, BuiltinIndex::kIo, raw.disks->sectors, 0.5, now);
  else if (raw.attempted & kSrcDiskstats)
    set(BuiltinIndex::kIo, kNaN);
  const procfs::MemInfo* mi = raw.meminfo ? &*raw.meminfo : nullptr;
  if (raw.attempted & kSrcMemAvail)
    set(BuiltinIndex::kMem, mi && mi->memAvailableMb ? *mi->memAvailableMb : kNaN);
  if (raw.attempted & kSrcSwap)
    set(BuiltinIndex::kSwp, mi && mi->swapFreeMb ? *mi->swapFreeMb : kNaN);
  if (raw.attempted & kSrcUsers) {
    set(BuiltinIndex::kLs, raw.users ? *raw.users : kNaN);
    set(BuiltinIndex::kIt, raw.idleMinutes ? *raw.idleMinutes : kNaN);
  }
  // tmp answers arrive asynchronously (statvfs worker), on whichever tick they are ready.
  if (raw.tmpFreeMb) set(BuiltinIndex::kTmp, *raw.tmpFreeMb);
}

void LoadSampler::ingestStat(const procfs::ProcStat& s, int self, double now) {
  if (s.procsRunning >= 0) {
    double x = std::max<double>(0, static_cast<double>(s.procsRunning - self));
    double dt = runq_.have ? now - runq_.at : 0;
    runq_.have = true;
    runq_.at = now;
    set(BuiltinIndex::kR15s, r15s_.update(x, dt));
    set(BuiltinIndex::kR1m, r1m_.update(x, dt));
    set(BuiltinIndex::kR15m, r15m_.update(x, dt));
  } else {
    for (auto i : {BuiltinIndex::kR15s, BuiltinIndex::kR1m, BuiltinIndex::kR15m}) set(i, kNaN);
  }
  // ut: 1 - didle/dtotal over the interval.
  bool ok = cpu_.have && s.cpu.total > cpu_.a && s.cpu.idle >= cpu_.b && now > cpu_.at;
  if (ok) {
    double dTotal = static_cast<double>(s.cpu.total - cpu_.a);
    double dIdle = static_cast<double>(s.cpu.idle - cpu_.b);
    double x = std::clamp(1.0 - dIdle / dTotal, 0.0, 1.0);
    set(BuiltinIndex::kUt, ut_.update(x, now - cpu_.at));
  }
  if (ok || !cpu_.have || s.cpu.total < cpu_.a || s.cpu.idle < cpu_.b) {
    cpu_ = Prev{true, now, s.cpu.total, s.cpu.idle};
  }
}

void LoadSampler::ingestRate(Prev& p, ExpSmoother& sm, BuiltinIndex i, uint64_t count, double scale,
                             double now) {
  if (p.have && count >= p.a && now > p.at) {
    double rate = static_cast<double>(count - p.a) * scale / (now - p.at);
    set(i, sm.update(rate, now - p.at));
  } else if (p.have && count >= p.a) {
    return;  // clock did not move: keep the earlier reference point
  }
  // First sample, or a counter that went backwards (wrap, disk removed): new reference.
  p = Prev{true, now, count, 0};
}

}  // namespace openlim
