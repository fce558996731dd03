#pragma once
// The runner behind openlim-sim (sim_main.cc): many seeds with a summary, one seed replayed
// with its trace, or the failover figures.

#include <cstdint>

#include "sim_scenario.h"

namespace openlim::sim {

struct RunnerOptions {
  ScenarioOptions scenario;
  uint64_t first = 1, seeds = 100;
  bool verbose = false, failover = false;
  double hours = 2;  // the false-failover run
};

// Exit status: 0 when every scenario kept the invariants, 1 otherwise.
int runSeeds(const RunnerOptions& o);
int runFailover(const RunnerOptions& o);

}  // namespace openlim::sim
