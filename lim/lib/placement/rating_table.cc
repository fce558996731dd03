// The rating over a host table (see rating_table.h).
#include "placement/rating_table.h"

#include <algorithm>

namespace openlim::placement {

namespace {

double at(const HostTable& t, int slot, uint32_t row) {
  return slot < 0 ? kUnknown : t.columns[static_cast<size_t>(slot)].numbers[row];
}

}  // namespace

RatingSetup ratingSetup(const HostTable& t) {
  RatingSetup s;
  const ConfigSnapshot& c = *t.config;
  auto numeric = [&](const char* name) {
    int slot = c.resourceIndex(name);
    if (slot < 0 || static_cast<size_t>(slot) >= t.columns.size() ||
        t.columns[static_cast<size_t>(slot)].type != ResourceType::kNumeric)
      return -1;
    return slot;
  };
  s.ut = numeric("ut");
  s.r15s = numeric("r15s");
  s.mem = numeric("mem");
  s.maxmem = numeric("maxmem");
  s.ncpus = numeric("ncpus");
  s.cpuf = numeric("cpuf");
  s.slots = numeric("slots");
  s.maxslots = numeric("maxslots");
  s.smpFactor = c.params.ratingSmpFactor;
  const size_t n = t.size();
  s.vups.assign(n, kUnknown);
  s.cpuWeight.assign(n, c.params.ratingCpuWeight);
  s.memWeight.assign(n, c.params.ratingMemWeight);
  s.maxJobs.assign(n, kNoMaxJobs);
  s.idealLoad.assign(n, kUnknown);
  s.maxLoad.assign(n, kUnknown);
  // The master's table lists the config's hosts in order: no name lookups then.
  const bool inOrder = n == c.hosts.size();
  for (size_t row = 0; row < n; ++row) {
    const HostConfig* h =
        inOrder && c.hosts[row].name == t.names[row] ? &c.hosts[row] : c.findHost(t.names[row]);
    if (!h) continue;
    if (h->vups) s.vups[row] = *h->vups;
    if (h->cpuWeight) s.cpuWeight[row] = *h->cpuWeight;
    if (h->memWeight) s.memWeight[row] = *h->memWeight;
    if (h->maxJobs) s.maxJobs[row] = *h->maxJobs;
    if (h->idealLoad) s.idealLoad[row] = *h->idealLoad;
    if (h->maxLoad) s.maxLoad[row] = *h->maxLoad;
  }
  return s;
}

const RatingSetup& RatingSetupCache::of(const HostTable& t) {
  if (!config_ || config_ != t.config || rows_ != t.size()) {
    setup_ = ratingSetup(t);
    config_ = t.config;
    rows_ = t.size();
    ++builds_;
  }
  return setup_;
}

double currentJobs(const HostTable& t, const RatingSetup& s, uint32_t row, double reserved) {
  const double maxslots = at(t, s.maxslots, row), free = at(t, s.slots, row);
  if (isUnknown(maxslots) || isUnknown(free)) return reserved;
  return std::max(0.0, maxslots - free);
}

RatingInput ratingInput(const HostTable& t, const RatingSetup& s, uint32_t row, double reserved) {
  RatingInput in;
  in.ut = at(t, s.ut, row);
  in.r15s = at(t, s.r15s, row);
  in.mem = at(t, s.mem, row);
  in.maxmem = at(t, s.maxmem, row);
  in.ncpus = at(t, s.ncpus, row);
  in.vups = isUnknown(s.vups[row]) ? at(t, s.cpuf, row) : s.vups[row];
  in.cpuWeight = s.cpuWeight[row];
  in.memWeight = s.memWeight[row];
  const int mj = s.maxJobs[row];
  in.maxJobs = mj == kNoMaxJobs ? kUnknown : mj == kMaxJobsPerCpu ? in.ncpus : mj;
  in.jobs = currentJobs(t, s, row, reserved);
  return in;
}

RatingTerms rateRow(const HostTable& t, const RatingSetup& s, uint32_t row, double reserved) {
  return rateHost(ratingInput(t, s, row, reserved), s.smpFactor);
}

void rateRows(const HostTable& t, const RatingSetup& s, std::span<const uint32_t> rows,
              std::span<const double> reserved, std::vector<double>& out) {
  out.resize(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const uint32_t row = rows[i];
    out[i] = ratingTotal(ratingInput(t, s, row, reserved.empty() ? 0 : reserved[row]), s.smpFactor);
  }
}

}  // namespace openlim::placement
