// openlim-sim: the cluster simulator on demand (docs/simulation.md).
//   openlim-sim --seeds N [--first S] [--hosts N] [--candidates N] [--minutes M] [--quiet]
//   openlim-sim --seed S [--verbose]      replays one scenario, with its trace
//   --strict-releases: a released reservation back after a failover fails the scenario
//   (the known gap of docs/simulation.md, else counted)
//   openlim-sim --failover [--seeds N]    failover times at 0 % and 30 % loss, and false
//                                         failovers in 2 simulated hours at 30 % loss
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "sim_runner.h"

int main(int argc, char** argv) {
  openlim::sim::RunnerOptions o;
  for (int i = 1; i < argc; ++i) {
    auto arg = [&](const char* name) { return std::strcmp(argv[i], name) == 0 && i + 1 < argc; };
    if (arg("--seeds")) {
      o.seeds = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg("--first")) {
      o.first = std::strtoull(argv[++i], nullptr, 10);
    } else if (arg("--seed")) {
      o.first = std::strtoull(argv[++i], nullptr, 10);
      o.seeds = 1;
      o.verbose = true;
    } else if (arg("--watch")) {
      o.scenario.watch = argv[++i];
    } else if (arg("--hosts")) {
      o.scenario.shape.plain = std::atoi(argv[++i]) - o.scenario.shape.candidates;
    } else if (arg("--candidates")) {
      o.scenario.shape.candidates = std::atoi(argv[++i]);
    } else if (arg("--minutes")) {
      o.scenario.minutes = std::atof(argv[++i]);
    } else if (arg("--hours")) {
      o.hours = std::atof(argv[++i]);
    } else if (std::strcmp(argv[i], "--failover") == 0) {
      o.failover = true;
    } else if (std::strcmp(argv[i], "--quorum") == 0) {
      o.scenario.shape.quorum = true;
    } else if (std::strcmp(argv[i], "--strict-releases") == 0) {
      o.scenario.releaseGapFails = true;
    } else if (std::strcmp(argv[i], "--verbose") == 0) {
      o.verbose = true;
    } else {
      std::fprintf(stderr,
                   "usage: %s [--seeds N] [--first S] [--seed S] [--hosts N] "
                   "[--candidates N] [--minutes M] [--failover [--hours H]] [--verbose] "
                   "[--strict-releases] [--quorum]\n",
                   argv[0]);
      return 2;
    }
  }
  if (o.scenario.shape.plain < 0) o.scenario.shape.plain = 0;
  return o.failover ? openlim::sim::runFailover(o) : openlim::sim::runSeeds(o);
}
