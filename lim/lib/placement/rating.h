#pragma once
// The host rating of the VMS job manager (docs/rating.md): a host's free CPU and free memory
// folded into one number, the highest rated host taking the next job. Pure arithmetic over
// values the caller has already read from the load table; no configuration, no clock.
//
//   Total         = CPU_rating + Memory_rating
//   CPU_rating    = Cpu_calc x CPU_weight x (1 + (ncpus - 1) x SMP_FACTOR) / ncpus
//   Cpu_calc      = %freeCPU x VUPS x ncpus x COM_FACTOR + 3 x ncpus x VUPS
//   COM_FACTOR    = 0.5, 1.0, 1.5 when the compute process count is above, equal to, below ncpus
//   Memory_rating = (free / total memory) x MEG x 10 x Memory_weight
//   Total         = 0 when the host's current jobs >= MAX_JOBS

#include <cstdint>

#include "openlim/host_table.h"

namespace openlim::placement {

// What the formula reads for one host. kUnknown (NaN) = not known.
struct RatingInput {
  double ut = kUnknown;      // CPU utilisation, 0-1 (%freeCPU = (1 - ut) x 100)
  double r15s = kUnknown;    // raw 15-second run queue: the compute process count, rounded
  double mem = kUnknown;     // free memory, MB
  double maxmem = kUnknown;  // total memory, MB (also MEG)
  double ncpus = kUnknown;
  double vups = kUnknown;       // VUPS per CPU: the host's `vups`, else its CPU factor
  double cpuWeight = kUnknown;  // 0-1
  double memWeight = kUnknown;  // 0-1
  double maxJobs = kUnknown;    // MAX_JOBS; kUnknown = no limit
  double jobs = 0;              // the host's current jobs (rating_table.h's currentJobs)
};

// Why a host has the rating it has.
enum class RatingState : uint8_t {
  kRated,    // the formula's value
  kUnknown,  // an input the formula needs is unknown: the rating is unknown
  kFull,     // current jobs >= MAX_JOBS: rating 0, not used
  kOff,      // both weights 0: out of rating placement, rating 0
};

// The rating and every term of it, for explain and `lspolicy -d`.
struct RatingTerms {
  RatingState state = RatingState::kUnknown;
  double total = kUnknown;
  double freeCpuPct = kUnknown;    // (1 - ut) x 100, ut clamped to 0-1
  double computeCount = kUnknown;  // r15s rounded to the nearest integer
  double comFactor = kUnknown;
  double cpuCalc = kUnknown;
  double cpuRating = kUnknown;
  double memRating = kUnknown;
  RatingInput in;                 // what was read (weights and jobs vs MAX_JOBS among it)
  const char* missing = nullptr;  // kUnknown: the first input that was unknown ("ut", ...)
};

// COM_FACTOR for a compute process count (already rounded) and a CPU count.
double comFactor(double computeCount, double ncpus);

// The rating of one host. REQUIRES: smpFactor >= 0 (checked by the configuration).
// A term whose weight is 0 is 0 whatever its inputs, so a CPU-only rating needs no memory
// values. Negative memory or utilisation above 1 (a placement adjustment can push them
// there) count as none free.
RatingTerms rateHost(const RatingInput& in, double smpFactor);

// rateHost(in, smpFactor).total without the terms: the same formula in one pass, for rating
// every host of a large table per request (the unit tests hold the two equal).
double ratingTotal(const RatingInput& in, double smpFactor);

}  // namespace openlim::placement
