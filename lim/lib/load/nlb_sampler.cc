#include "load/nlb_sampler.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace openlim {
namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

NlbSampler::NlbSampler(double pageKb) : pageKb_(pageKb) {
  values_.fill(kNaN);
}

void NlbSampler::ingestSwap(const std::optional<procfs::PageCounters>& vm, bool failed,
                            double now) {
  if (vm) {
    if (auto r = rate(swap_, vm->total(), now)) set(NlbIndex::kSwapping, *r * pageKb_);
  } else if (failed) {
    set(NlbIndex::kSwapping, kNaN);
  }
}

void NlbSampler::ingestCpuPressure(std::optional<uint64_t> someTotalUs, bool failed, double now) {
  if (someTotalUs) {
    // Microseconds stalled per second, as a percent of the time: / 1e6 x 100.
    if (auto r = rate(stall_, *someTotalUs, now))
      set(NlbIndex::kRunqOcc, std::isnan(*r) ? kNaN : std::clamp(*r / 1e4, 0.0, 100.0));
  } else if (failed) {
    set(NlbIndex::kRunqOcc, kNaN);
  }
}

std::optional<double> NlbSampler::rate(Counter& c, uint64_t count, double now) {
  if (c.have && count >= c.a && now <= c.at) return std::nullopt;  // clock did not move
  double r = c.have && count >= c.a ? static_cast<double>(count - c.a) / (now - c.at) : kNaN;
  c = Counter{true, now, count, 0};  // first reading or a counter that went backwards: NaN
  return r;
}

void NlbSampler::ingest(const std::optional<procfs::ProcStat>& stat, bool statFailed,
                        const std::optional<procfs::DiskTotals>& disks, bool disksFailed,
                        std::optional<int> processes, double now) {
  if (stat) {
    const procfs::CpuTimes& t = stat->cpu;
    bool ok = cpu_.have && t.total > cpu_.a && t.system >= cpu_.b && now > cpu_.at;
    if (ok)
      set(NlbIndex::kSysCpu, std::clamp(100.0 * static_cast<double>(t.system - cpu_.b) /
                                            static_cast<double>(t.total - cpu_.a),
                                        0.0, 100.0));
    else if (cpu_.have && (t.total < cpu_.a || t.system < cpu_.b))
      set(NlbIndex::kSysCpu, kNaN);
    if (ok || !cpu_.have || t.total < cpu_.a || t.system < cpu_.b)
      cpu_ = Counter{true, now, t.total, t.system};
    if (stat->ctxt >= 0) {
      if (auto r = rate(ctxt_, static_cast<uint64_t>(stat->ctxt), now)) set(NlbIndex::kPswch, *r);
    } else {
      set(NlbIndex::kPswch, kNaN);
    }
  } else if (statFailed) {
    set(NlbIndex::kSysCpu, kNaN);
    set(NlbIndex::kPswch, kNaN);
  }
  if (disks) {
    if (auto r = rate(ioreqs_, disks->requests, now)) set(NlbIndex::kIoReqs, *r);
  } else if (disksFailed) {
    set(NlbIndex::kIoReqs, kNaN);
  }
  if (processes) set(NlbIndex::kNumProc, *processes > 0 ? *processes : kNaN);
}

}  // namespace openlim
