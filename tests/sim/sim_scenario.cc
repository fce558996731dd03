#include "sim_scenario.h"

#include <random>

#include "sim_cluster.h"
#include "sim_workload.h"

namespace openlim::sim {

namespace {

// A calm phase is checked for lost reservations once a new master's rebuild window (at most
// 3 x (EXINTERVAL + 2 PROBE_TIMEOUT)) and a few exchanges have passed since the last fault.
double calmBeforeChecks(const ClusterShape& s) {
  return 3 * (s.exInterval + 2 * s.probeTimeout) + 3 * s.exInterval;
}

}  // namespace

namespace {

// Calm and chaotic phases until `end`: a user's request or a fault every 3 s or so; the
// lost check once a calm phase has lasted long enough.
void drive(SimCluster& c, Invariants& inv, Workload& w, const ScenarioOptions& o, double end) {
  std::mt19937_64& rng = w.rng();
  auto uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  };
  std::exponential_distribution<double> gap(1 / 3.0);
  const double quiet = calmBeforeChecks(o.shape);
  bool chaos = false;
  double phaseEnds = c.now(), calmSince = c.now();
  while (c.now() < end && !inv.failed()) {
    if (c.now() >= phaseEnds) {
      chaos = o.faults && !chaos;
      phaseEnds = c.now() + (chaos ? uniform(60, 180) : uniform(150, 240));
    }
    c.runFor(gap(rng));
    w.due();
    if (chaos && uniform(0, 1) < 0.25)
      w.fault();
    else
      w.clientOp();
    if (chaos || !w.calm()) calmSince = c.now();
    if (c.now() - calmSince > quiet) inv.stable();
  }
}

// The end: everything healed and up, then quiet; the last checks.
void settle(SimCluster& c, Invariants& inv, Workload& w, double quiet) {
  w.healAll();
  c.runFor(2);
  w.healAll();  // a lim whose crash was due mid-step went down since
  const double settleEnd = c.now() + quiet + 30;
  while (c.now() < settleEnd && !inv.failed()) {
    c.runFor(5);
    if (c.now() > settleEnd - 30) inv.stable();
  }
  if (!inv.failed()) inv.end();
}

}  // namespace

ScenarioResult runScenario(const ScenarioOptions& o) {
  SimCluster c(o.shape, o.seed);
  c.watch = o.watch;
  Invariants inv(c);
  inv.setReleaseGapFails(o.releaseGapFails);
  Workload w(c, inv, o.seed * 0x2545F4914F6CDD1DULL + 1);
  c.runFor(60);
  drive(c, inv, w, o, c.now() + o.minutes * 60);
  if (!inv.failed()) settle(c, inv, w, calmBeforeChecks(o.shape));
  ScenarioResult r;
  r.ok = !inv.failed();
  if (!r.ok) r.failure = "seed " + std::to_string(o.seed) + " " + inv.failure();
  if (!r.ok || o.verbose) r.trace = c.trace();
  r.counters = inv.counters();
  r.net = c.net().counters();
  r.events = c.events();
  r.crashes = w.crashes();
  r.partitions = w.partitions();
  r.splitBrain = inv.splitBrainSeen();
  return r;
}

}  // namespace openlim::sim
