#pragma once
// Failover, measured on the simulated clock (docs/simulation.md, "Figures"): a quiet
// cluster loses its master at once, and clients poll every quarter second until (a) a load
// query to a live lim is answered by a master, and (b) a reservation is admitted again.
// And how often the master role moves with no crash at all (a false failover) under loss.

#include <cstdint>

#include "sim_ports.h"

namespace openlim::sim {

struct FailoverTimes {
  double queries = -1;  // seconds from the master's death to a load answered ok; -1 never
  double reserve = -1;  // ... to a reserve admitted
};

// REQUIRES: 0 <= loss < 1 (the probability a datagram is lost).
FailoverTimes measureFailover(uint64_t seed, double loss, const ClusterShape& shape);
// Master-role changes after the first election in `hours` simulated hours with no crash.
uint64_t falseFailovers(uint64_t seed, double loss, double hours, const ClusterShape& shape);

}  // namespace openlim::sim
