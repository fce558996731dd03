#pragma once
// One seeded scenario (docs/simulation.md): a cluster warms up, then calm phases (users
// reserve, renew and release through random lims) alternate with chaotic ones (the same,
// with crashes and restarts of any lim, the master's too, with their files intact, torn,
// garbled or gone; partitions and heals; bursts of loss, duplication and reordering); at
// the end the network heals, every lim restarts, and the cluster settles. The invariants
// (sim_invariants.h) are checked after every event; the lost check in calm phases.

#include <cstdint>
#include <string>

#include "sim_invariants.h"
#include "sim_network.h"
#include "sim_ports.h"

namespace openlim::sim {

struct ScenarioOptions {
  uint64_t seed = 1;
  ClusterShape shape;
  double minutes = 10;  // simulated, after the warm-up and before the settling
  bool faults = true;
  bool verbose = false;          // the trace even when the scenario passes
  bool releaseGapFails = false;  // Invariants::setReleaseGapFails
  std::string watch;             // SimCluster::watch
};

struct ScenarioResult {
  bool ok = true;
  std::string failure;  // the invariant broken, with the seed and the simulated time
  std::string trace;    // the last events
  InvariantCounters counters;
  NetCounters net;
  uint64_t events = 0, crashes = 0, partitions = 0;
  bool splitBrain = false;
};

ScenarioResult runScenario(const ScenarioOptions& o);

}  // namespace openlim::sim
