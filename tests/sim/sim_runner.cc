#include "sim_runner.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "sim_failover.h"

namespace openlim::sim {

namespace {

// The runner's own speed is the one real-time figure here (scenarios per second).
double secondsSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

void printCounters(const ScenarioResult& r) {
  const InvariantCounters& c = r.counters;
  std::printf(
      "  events %llu, crashes %llu, partitions %llu, requests %llu, acked %llu, released %llu, "
      "expired %llu, over-commits %llu, resurrections %llu, known gap %llu, unprotected %llu, "
      "not-found %llu, split brain %s\n",
      (unsigned long long)r.events, (unsigned long long)r.crashes, (unsigned long long)r.partitions,
      (unsigned long long)c.requests, (unsigned long long)c.acked, (unsigned long long)c.released,
      (unsigned long long)c.expired, (unsigned long long)c.overCommits,
      (unsigned long long)c.resurrections, (unsigned long long)c.releaseGap,
      (unsigned long long)c.unprotected, (unsigned long long)c.notFoundReplies,
      r.splitBrain ? "yes" : "no");
}

void printSummary(const RunnerOptions& o, const InvariantCounters& sum, uint64_t failures,
                  uint64_t splits, uint64_t splitsWithoutPartition, uint64_t events, double secs) {
  auto u = [](uint64_t v) { return static_cast<unsigned long long>(v); };
  std::printf(
      "%llu scenario(s) of %.0f simulated minutes, %llu failed; %.1f scenarios/s, %.0f events/s\n"
      "  acked %llu; counted, not failed: over-commits %llu, resurrections after a split or "
      "garbling %llu, lost after a split %llu, unprotected (files destroyed) %llu, known gap "
      "(released ones back) %llu, back while a lim that journalled the release was heard %llu, "
      "acked with a single copy %llu, kept by no live lim at a window's "
      "close %llu; two masters for > 5 s in %llu "
      "scenario(s), %llu of them "
      "without a partition\n",
      u(o.seeds), o.scenario.minutes, u(failures), o.seeds / secs, events / secs, u(sum.acked),
      u(sum.overCommits), u(sum.resurrections), u(sum.splitLost), u(sum.unprotected),
      u(sum.releaseGap), u(sum.releaseBackHeard), u(sum.singleCopy), u(sum.unreachable), u(splits),
      u(splitsWithoutPartition));
}

}  // namespace

int runSeeds(const RunnerOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  InvariantCounters sum;
  uint64_t failures = 0, splits = 0, splitsWithoutPartition = 0, events = 0;
  for (uint64_t s = o.first; s < o.first + o.seeds; ++s) {
    ScenarioOptions so = o.scenario;
    so.seed = s;
    so.verbose = o.verbose;
    ScenarioResult r = runScenario(so);
    events += r.events;
    sum.acked += r.counters.acked;
    sum.overCommits += r.counters.overCommits;
    sum.resurrections += r.counters.resurrections;
    sum.releaseGap += r.counters.releaseGap;
    sum.releaseBackHeard += r.counters.releaseBackHeard;
    sum.splitLost += r.counters.splitLost;
    sum.unprotected += r.counters.unprotected;
    sum.singleCopy += r.counters.singleCopy;
    sum.unreachable += r.counters.unreachable;
    splits += r.splitBrain;
    splitsWithoutPartition += r.splitBrain && r.partitions == 0;
    if (!r.ok) {
      ++failures;
      std::printf("FAIL %s\n%s", r.failure.c_str(), r.trace.c_str());
      std::printf("  replay: openlim-sim --seed %llu\n", (unsigned long long)s);
    } else if (o.verbose) {
      std::printf("seed %llu ok\n%s", (unsigned long long)s, r.trace.c_str());
    }
    if (o.verbose) printCounters(r);
  }
  printSummary(o, sum, failures, splits, splitsWithoutPartition, events, secondsSince(start));
  return failures == 0 ? 0 : 1;
}

int runFailover(const RunnerOptions& o) {
  for (double loss : {0.0, 0.3}) {
    std::vector<double> q, r;
    uint64_t never = 0;
    for (uint64_t s = o.first; s < o.first + o.seeds; ++s) {
      FailoverTimes t = measureFailover(s, loss, o.scenario.shape);
      if (o.verbose)
        std::printf("  seed %llu at %.0f%% loss: queries %.2f s, reserve %.2f s\n",
                    (unsigned long long)s, loss * 100, t.queries, t.reserve);
      if (t.queries < 0 || t.reserve < 0) ++never;
      if (t.queries >= 0) q.push_back(t.queries);
      if (t.reserve >= 0) r.push_back(t.reserve);
    }
    auto p50 = [](std::vector<double> v) {
      if (v.empty()) return -1.0;
      std::sort(v.begin(), v.end());
      return v[v.size() / 2];
    };
    auto max = [](const std::vector<double>& v) {
      return v.empty() ? -1.0 : *std::max_element(v.begin(), v.end());
    };
    std::printf(
        "failover at %2.0f%% loss over %llu seeds: queries p50 %.2f s max %.2f s; reserve p50 "
        "%.2f s max %.2f s; never recovered %llu\n",
        loss * 100, (unsigned long long)o.seeds, p50(q), max(q), p50(r), max(r),
        (unsigned long long)never);
  }
  uint64_t falses = 0;
  const uint64_t runs = std::min<uint64_t>(o.seeds, 5);
  for (uint64_t s = o.first; s < o.first + runs; ++s)
    falses += falseFailovers(s, 0.3, o.hours, o.scenario.shape);
  std::printf("false failovers at 30%% loss: %llu in %llu x %.1f simulated hours\n",
              (unsigned long long)falses, (unsigned long long)runs, o.hours);
  return 0;
}

}  // namespace openlim::sim
