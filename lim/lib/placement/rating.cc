// The rating formula (see rating.h).
#include "placement/rating.h"

#include <algorithm>
#include <cmath>

namespace openlim::placement {

double comFactor(double computeCount, double ncpus) {
  if (computeCount > ncpus) return 0.5;
  if (computeCount == ncpus) return 1.0;
  return 1.5;
}

namespace {

bool known(double v) {
  return !isUnknown(v);
}

// CPU_rating and its terms into t; false when an input it needs is unknown.
bool cpuTerm(const RatingInput& in, double smpFactor, RatingTerms& t) {
  if (in.cpuWeight == 0) return t.cpuRating = 0, true;
  if (!known(in.ut)) return t.missing = "ut", false;
  if (!known(in.r15s)) return t.missing = "r15s", false;
  if (!known(in.vups)) return t.missing = "vups", false;
  if (!known(in.ncpus) || in.ncpus < 1) return t.missing = "ncpus", false;
  const double n = in.ncpus;
  t.freeCpuPct = (1 - std::clamp(in.ut, 0.0, 1.0)) * 100;
  t.computeCount = std::round(in.r15s);
  t.comFactor = comFactor(t.computeCount, n);
  t.cpuCalc = t.freeCpuPct * in.vups * n * t.comFactor + 3 * n * in.vups;
  t.cpuRating = t.cpuCalc * in.cpuWeight * (1 + (n - 1) * smpFactor) / n;
  return true;
}

// Memory_rating into t; false when an input it needs is unknown.
bool memTerm(const RatingInput& in, RatingTerms& t) {
  if (in.memWeight == 0) return t.memRating = 0, true;
  if (!known(in.mem)) return t.missing ? false : (t.missing = "mem", false);
  if (!known(in.maxmem) || in.maxmem <= 0) return t.missing ? false : (t.missing = "maxmem", false);
  const double freeShare = std::clamp(in.mem, 0.0, in.maxmem) / in.maxmem;
  t.memRating = freeShare * in.maxmem * 10 * in.memWeight;
  return true;
}

}  // namespace

RatingTerms rateHost(const RatingInput& in, double smpFactor) {
  RatingTerms t;
  t.in = in;
  if (!known(in.cpuWeight)) return t.missing = "cpu_weight", t;
  if (!known(in.memWeight)) return t.missing = "mem_weight", t;
  if (in.cpuWeight == 0 && in.memWeight == 0) {
    t.state = RatingState::kOff;
    t.total = 0;
    return t;
  }
  // The terms are worked out even for a full host: explain shows what it would rate.
  const bool cpuKnown = cpuTerm(in, smpFactor, t);
  const bool termsKnown = memTerm(in, t) && cpuKnown;
  if (known(in.maxJobs)) {
    if (!known(in.jobs)) return t.missing = "jobs", t;
    if (in.jobs >= in.maxJobs) {
      t.state = RatingState::kFull;
      t.total = 0;
      return t;
    }
  }
  if (!termsKnown) return t;
  t.state = RatingState::kRated;
  t.total = t.cpuRating + t.memRating;
  return t;
}

double ratingTotal(const RatingInput& in, double smpFactor) {
  const double cw = in.cpuWeight, mw = in.memWeight;
  if (!known(cw) || !known(mw)) return kUnknown;
  if (cw == 0 && mw == 0) return 0;
  if (known(in.maxJobs) && !(in.jobs < in.maxJobs)) return known(in.jobs) ? 0 : kUnknown;
  double total = 0;
  if (cw != 0) {
    const double n = in.ncpus;
    if (!(n >= 1) || !known(in.ut) || !known(in.r15s) || !known(in.vups)) return kUnknown;
    const double freePct = (1 - std::clamp(in.ut, 0.0, 1.0)) * 100;
    const double calc = freePct * in.vups * n * comFactor(std::round(in.r15s), n) + 3 * n * in.vups;
    total = calc * cw * (1 + (n - 1) * smpFactor) / n;
  }
  if (mw != 0) {
    if (!known(in.mem) || !(in.maxmem > 0)) return kUnknown;
    total += std::clamp(in.mem, 0.0, in.maxmem) / in.maxmem * in.maxmem * 10 * mw;
  }
  return total;
}

}  // namespace openlim::placement
