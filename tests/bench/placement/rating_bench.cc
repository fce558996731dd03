// What a rating placement costs the master per request at 10k and 100k hosts: the rating of
// every host of the published snapshot (the master's real LoadTable) and the band's pick
// among them. The per-table setup (weights, VUPS, MAX_JOBS from the configuration) is built
// once per snapshot layout and measured apart. Hosts report realistic values: ut 0-1,
// r15s around the CPU count, mem below maxmem; a tenth carry their own VUPS and weights.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "bench_cluster.h"
#include "master/load_table.h"
#include "master/query_service.h"
#include "placement/rating_table.h"
#include "placement/sort_band.h"
#include "policy/policy_config.h"

using namespace openlim;

namespace {

ConfigPtr ratingConfig(int hosts) {
  auto base = bench::benchConfig(hosts, true);
  auto c = std::make_shared<ConfigSnapshot>(*base);
  for (size_t i = 0; i < c->hosts.size(); i += 10) {
    c->hosts[i].vups = 120;
    c->hosts[i].cpuWeight = 0.8;
    c->hosts[i].maxJobs = 64;
  }
  return c;
}

protocol::LoadReport ratingReport(int i) {
  protocol::LoadReport r = bench::benchReport(i, "");
  const double ncpus = 16 << (i % 3);  // 16, 32, 64
  for (auto& v : r.numbers) {
    if (v.name == "ut") v.value = (i % 100) / 100.0;
    if (v.name == "r15s") v.value = ncpus * ((i % 13) / 8.0);
    if (v.name == "mem") v.value = 4096.0 * ncpus * ((i % 17) / 17.0);
  }
  r.numbers.push_back({"ncpus", ncpus, 0});
  r.numbers.push_back({"maxmem", 4096 * ncpus, 0});
  return r;
}

struct Fixture {
  explicit Fixture(int hosts) : table(ratingConfig(hosts)) {
    for (int i = 0; i < hosts; ++i) table.ingest(ratingReport(i), 0);
    snap = table.snapshot(1);
    setup = placement::ratingSetup(*snap);
    rows.resize(snap->size());
    std::iota(rows.begin(), rows.end(), 0u);
    jobs.assign(snap->size(), 0);
    for (size_t i = 0; i < jobs.size(); i += 7) jobs[i] = 3;
  }
  master::LoadTable table;
  HostTablePtr snap;
  placement::RatingSetup setup;
  std::vector<uint32_t> rows;
  std::vector<double> jobs;
};

Fixture& fixture(int hosts) {
  static std::map<int, std::unique_ptr<Fixture>> all;
  auto& f = all[hosts];
  if (!f) f = std::make_unique<Fixture>(hosts);
  return *f;
}

// One rating placement: rate every host, then the band's pick (5%) among them.
void BM_RatingWithBand(benchmark::State& state) {
  Fixture& f = fixture(static_cast<int>(state.range(0)));
  placement::BandCursor cursor;
  std::vector<double> ratings;
  size_t band = 0;
  for (auto _ : state) {
    placement::rateRows(*f.snap, f.setup, f.rows, f.jobs, ratings);
    for (double& r : ratings)
      if (r <= 0) r = std::nan("");  // a host rated 0 is never used
    placement::BandPick p = placement::pickInBand(ratings, f.snap->names, 5, cursor);
    band = p.bandSize;
    benchmark::DoNotOptimize(p);
  }
  state.counters["band_hosts"] = static_cast<double>(band);
}
BENCHMARK(BM_RatingWithBand)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

// The rating alone.
void BM_RateRows(benchmark::State& state) {
  Fixture& f = fixture(static_cast<int>(state.range(0)));
  std::vector<double> ratings;
  for (auto _ : state) {
    placement::rateRows(*f.snap, f.setup, f.rows, f.jobs, ratings);
    benchmark::DoNotOptimize(ratings.data());
  }
}
BENCHMARK(BM_RateRows)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

// The per-layout setup, once per snapshot configuration (not per request).
void BM_RatingSetup(benchmark::State& state) {
  Fixture& f = fixture(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    placement::RatingSetup s = placement::ratingSetup(*f.snap);
    benchmark::DoNotOptimize(s.vups.data());
  }
}
BENCHMARK(BM_RatingSetup)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

// A placement through the master's policy op (the real query service, its policy state kept
// across requests as the master keeps it): the policy `pick` of kPolicies, its turn taken, the
// reply model built.
constexpr const char* kPolicies = R"(policy: band
sort: rating
band: 5
count: 1
policy: count16
sort: rating
count: 16
policy: balanced
sort: ncpus
load_balancing: true
count: 1
policy: balanced16
sort: ncpus
load_balancing: true
band: 5
count: 16
)";

void policyOp(benchmark::State& state, const char* pick) {
  const int hosts = static_cast<int>(state.range(0));
  auto c = std::make_shared<ConfigSnapshot>(*ratingConfig(hosts));
  auto pc = std::make_shared<policy::PolicyConfig>();
  policy::PoliciesLoad l = policy::parsePolicies(kPolicies, "bench");
  pc->engine = policy::PolicyEngine::compile(*c, l.set, "bench").engine;
  c->policies = pc;
  master::LoadTable table(c);
  for (int i = 0; i < hosts; ++i) table.ingest(ratingReport(i), 0);
  RequestCache cache;
  master::PolicyState st;
  master::PolicyQuery q{.policy = pick, .strict = true};
  q.place = true;
  HostTablePtr snap = table.snapshot(1);
  size_t returned = 0;
  for (auto _ : state) {
    master::QueryContext ctx{snap, "h0", &cache, nullptr, 1};
    ctx.policyState = &st;
    auto r = master::answerPolicy(q, ctx);
    if (!r) {
      state.SkipWithError(r.status().message().c_str());
      return;
    }
    returned = r->doc.find("hosts")->size();
    benchmark::DoNotOptimize(r);
  }
  state.counters["returned"] = static_cast<double>(returned);
}

// Rating sort, 5% band, count 1.
void BM_PolicyOpRatingBand(benchmark::State& state) {
  policyOp(state, "band");
}
BENCHMARK(BM_PolicyOpRatingBand)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

// Rating sort, no band, count 16.
void BM_PolicyOpRatingCount16(benchmark::State& state) {
  policyOp(state, "count16");
}
BENCHMARK(BM_PolicyOpRatingCount16)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

// PBS load balancing, count 1.
void BM_PolicyOpLoadBalancing(benchmark::State& state) {
  policyOp(state, "balanced");
}
BENCHMARK(BM_PolicyOpLoadBalancing)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

// PBS load balancing with a 5% band, count 16.
void BM_PolicyOpLoadBalancingBand16(benchmark::State& state) {
  policyOp(state, "balanced16");
}
BENCHMARK(BM_PolicyOpLoadBalancingBand16)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
