#pragma once
// The rating over a host table: each host's inputs read from its columns (ut, r15s, mem,
// maxmem, ncpus, cpuf) and from its configuration (vups, weights, MAX_JOBS), resolved once
// per table layout into a RatingSetup, so rating every host of a query costs a pass over a
// few columns.

#include <cstdint>
#include <span>
#include <vector>

#include "openlim/host_table.h"
#include "placement/rating.h"

namespace openlim::placement {

// Per row of one table layout (same config, same row order): what does not change between
// reports. Build it again after a reconfig.
struct RatingSetup {
  int ut = -1, r15s = -1, mem = -1, maxmem = -1, ncpus = -1, cpuf = -1;  // column slots
  int slots = -1, maxslots = -1;  // free and maximum slots, as a host or a scheduler reports
  double smpFactor = 0.2;
  std::vector<double> vups;       // the host's `vups`, NaN: use the cpuf column
  std::vector<double> cpuWeight;  // the host's, else the cluster's
  std::vector<double> memWeight;
  std::vector<int> maxJobs;  // -2: no MAX_JOBS; kMaxJobsPerCpu: ncpus
  // PBS load balancing's configured ideal_load and max_load (NaN: not set), read with the
  // rating's values so that a load-balancing policy looks up no host configuration either.
  std::vector<double> idealLoad;
  std::vector<double> maxLoad;
};

inline constexpr int kNoMaxJobs = -2;

// REQUIRES: t.config set. Rows whose name the configuration does not know (a table read from
// a file) take the cluster's weights and no MAX_JOBS.
RatingSetup ratingSetup(const HostTable& t);

// The setup of the tables a master publishes, built again only when their configuration or
// size changes: between reconfigs every snapshot shares one configuration and one row order
// (the Host section's), and building the setup costs about as much as rating every host.
// REQUIRES: the tables given share a row order while they share a configuration and size.
class RatingSetupCache {
 public:
  const RatingSetup& of(const HostTable& t);
  uint64_t builds() const { return builds_; }  // how many setups were built

 private:
  uint64_t builds_ = 0;
  ConfigPtr config_;
  size_t rows_ = 0;
  RatingSetup setup_;
};

// A host's current jobs, which MAX_JOBS limits: `maxslots - slots` where the row has both
// (from an elim, a snapshot or a scheduler: what the host itself says runs there, never
// below 0), else `reserved`, the slots openlim's own reservations hold there. The one rule
// every caller (the master, the offline tester, explain) reads the current jobs by.
double currentJobs(const HostTable& t, const RatingSetup& s, uint32_t row, double reserved);

// What the formula reads for `row`; `reserved` is the slots reservations hold there, the
// current jobs when the host reports none (currentJobs).
RatingInput ratingInput(const HostTable& t, const RatingSetup& s, uint32_t row, double reserved);

// The rating of `row` with every term, for explain.
RatingTerms rateRow(const HostTable& t, const RatingSetup& s, uint32_t row, double reserved);

// The ratings of `rows` into out (resized): out[i] for rows[i], NaN when unknown. `reserved`
// is per table row (reserved slots); empty means none anywhere.
void rateRows(const HostTable& t, const RatingSetup& s, std::span<const uint32_t> rows,
              std::span<const double> reserved, std::vector<double>& out);

}  // namespace openlim::placement
