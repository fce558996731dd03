#pragma once
// The users and the faults of a scenario (sim_scenario.h), drawn from its seed: each call
// does one thing to the cluster at the current simulated time.

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "sim_cluster.h"
#include "sim_invariants.h"

namespace openlim::sim {

class Workload {
 public:
  Workload(SimCluster& c, Invariants& inv, uint64_t seed) : c_(c), inv_(inv), rng_(seed) {}

  // A user's request through a random live lim: reserve, renew, release or a load query.
  void clientOp();
  // A fault: a crash (restarted later), a partition (healed later), or a loss burst.
  void fault();
  // Restarts, heals and the end of loss bursts that are due.
  void due();
  // Everything back: the network healed and clean, every lim up.
  void healAll();
  bool calm() const;  // no partition, no loss, nothing pending
  uint64_t crashes() const { return crashes_; }
  uint64_t partitions() const { return partitions_; }
  std::mt19937_64& rng() { return rng_; }

 private:
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng_);
  }
  size_t index(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }
  bool chance(double p) { return uniform(0, 1) < p; }
  std::string liveHost();

  SimCluster& c_;
  Invariants& inv_;
  std::mt19937_64 rng_;
  std::vector<std::pair<double, std::string>> restarts_;  // (when, host)
  double healAt_ = -1, lossEndsAt_ = -1;
  uint64_t crashes_ = 0, partitions_ = 0;
};

}  // namespace openlim::sim
