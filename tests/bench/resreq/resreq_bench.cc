// Select + order + top-16 over 10k/100k/1M hosts (3-term and 10-term selects), parse + bind
// of a typical request, a cache hit, and lsplace -n 16. Build Release and run:
//   resreq_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include <map>
#include <random>

#include "openlim/resreq.h"
#include "test_support.h"

namespace openlim {
namespace {

constexpr const char* k3Term = "select[mem>2G && ut<0.5 && r1m<2]";
constexpr const char* k10Term =
    "select[mem>1G && ut<0.9 && r1m<4 && r15s<4 && pg<50 && swp>100 && tmp>100 && "
    "type==LINUX86 && cs && io<1000]";
constexpr const char* kTypical =
    "select[mem>4G && ut<0.5 && defined(gpu_free)] order[r15s:pg] rusage[mem=2G:duration=30]";

const ConfigPtr& config() {
  static ConfigPtr c = testing::makeConfig();
  return c;
}

const HostTable& table(size_t n) {
  static std::map<size_t, HostTable> tables;
  auto it = tables.find(n);
  if (it != tables.end()) return it->second;
  std::mt19937 rng(42);
  auto u = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  };
  testing::TableBuilder b(config());
  HostTable& t = b.table();
  t.resize(n);
  const char* types[] = {"LINUX86", "LINUX64", "MIPS"};
  for (size_t r = 0; r < n; ++r) {
    t.names[r] = "host" + std::to_string(r);
    t.status[r] = u(0, 1) < 0.95 ? HostStatus::kOk : HostStatus::kBusy;
    for (const char* rq : {"r15s", "r1m", "r15m"}) b.set(r, rq, u(0, 8));
    b.set(r, "ut", u(0, 1));
    b.set(r, "pg", u(0, 100));
    b.set(r, "io", u(0, 2000));
    b.set(r, "mem", u(0, 65536));
    b.set(r, "swp", u(0, 8192));
    b.set(r, "tmp", u(0, 100000));
    b.set(r, "ncpus", static_cast<double>(1 << static_cast<int>(u(0, 6))));
    b.set(r, "cpuf", u(0, 1) < 0.5 ? 100.0 : 200.0);
    b.set(r, "cs", u(0, 1) < 0.7);
    b.set(r, "type", std::string(types[static_cast<int>(u(0, 3))]));
  }
  // Indexed as the master's builder does (LoadTable::build): name ranks and the cluster's
  // largest cpuf are computed once per snapshot, not per query.
  t.indexRows(config()->resourceIndex("cpuf"));
  return tables.emplace(n, b.build()).first->second;
}

void selectTop16(benchmark::State& state, const char* text) {
  const HostTable& t = table(static_cast<size_t>(state.range(0)));
  auto req = compileRequest(text, *config());
  if (!req) {
    state.SkipWithError(req.status().message().c_str());
    return;
  }
  size_t selected = 0;
  for (auto _ : state) {
    SelectResult s = selectHosts(**req, t, {.limit = 16});
    selected = s.rows.size();
    benchmark::DoNotOptimize(s.rows.data());
  }
  state.counters["hosts"] = static_cast<double>(t.size());
  state.counters["returned"] = static_cast<double>(selected);
}

void BM_Select3TermTop16(benchmark::State& s) {
  selectTop16(s, k3Term);
}
void BM_Select10TermTop16(benchmark::State& s) {
  selectTop16(s, k10Term);
}
BENCHMARK(BM_Select3TermTop16)
    ->Arg(10000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Select10TermTop16)
    ->Arg(10000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMicrosecond);

void BM_ParseBindTypical(benchmark::State& state) {
  for (auto _ : state) {
    auto r = compileRequest(kTypical, *config());
    benchmark::DoNotOptimize(r.isOk());
  }
}
BENCHMARK(BM_ParseBindTypical)->Unit(benchmark::kMicrosecond);

void BM_CacheHit(benchmark::State& state) {
  RequestCache cache;
  for (auto _ : state) {
    auto r = cache.get(kTypical, config());
    benchmark::DoNotOptimize(r.isOk());
  }
}
BENCHMARK(BM_CacheHit)->Unit(benchmark::kMicrosecond);

void BM_Place16Slots(benchmark::State& state) {
  const HostTable& t = table(static_cast<size_t>(state.range(0)));
  auto req = compileRequest(k3Term, *config());
  for (auto _ : state) {
    PlacementResult p = place(**req, t, {.minSlots = 16});
    benchmark::DoNotOptimize(p.slots.data());
  }
}
BENCHMARK(BM_Place16Slots)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace openlim

BENCHMARK_MAIN();
