// The metrics endpoint's cost: writing a scrape from the master's published snapshot at 1k,
// 10k and 100k hosts (20 indices each: written on the loop in slices of
// MetricsEndpoint::kSamplesPerTurn), and what a scrape costs the loop meanwhile: while a
// body being written holds the snapshot, a report and
// the next query's snapshot() cannot patch the row in place and take a rebuild instead
// (BM_ReportThenSnapshot/held vs /free).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>

#include "bench_cluster.h"
#include "master/load_table.h"
#include "master/metrics.h"
#include "master/metrics_cursor.h"

using namespace openlim;

namespace {

struct Fixture {
  explicit Fixture(int hosts) : table(bench::benchConfig(hosts, true)) {
    for (int i = 0; i < hosts; ++i) table.ingest(bench::benchReport(i, ""), 0);
    input.cluster = "bench";
    input.host = input.master = "host0";
    input.isMaster = true;
    input.table = table.snapshot(1);
    for (int i = 0; i < 1000; ++i) input.requests.record("load", 0.0001 * (i % 50), true);
  }
  master::LoadTable table;
  master::MetricsInput input;
};

Fixture& fixture(int hosts) {
  static std::map<int, std::unique_ptr<Fixture>> all;
  auto& f = all[hosts];
  if (!f) f = std::make_unique<Fixture>(hosts);
  return *f;
}

void BM_Scrape(benchmark::State& state) {
  Fixture& f = fixture(static_cast<int>(state.range(0)));
  size_t bytes = 0;
  for (auto _ : state) {
    std::string text = master::writeMetrics(f.input, 0.01);
    bytes = text.size();
    benchmark::DoNotOptimize(text);
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_Scrape)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// The same body in the slices the lim's loop writes (MetricsEndpoint::kSamplesPerTurn, 20,000
// samples a turn): how many turns a body takes and the longest slice, which is how long a
// query or a report can wait behind a scrape.
void BM_ScrapeSlices(benchmark::State& state) {
  Fixture& f = fixture(static_cast<int>(state.range(0)));
  constexpr size_t kSamplesPerTurn = 20000;
  double slices = 0, longest = 0;
  for (auto _ : state) {
    std::string text;
    text.reserve(f.input.table->size() * f.input.table->columns.size() * 48 + 65536);
    master::MetricsCursor cursor(f.input, 0.01);
    slices = 0;
    longest = 0;
    for (bool done = false; !done; ++slices) {
      const auto t0 = std::chrono::steady_clock::now();
      done = cursor.writeSome(text, kSamplesPerTurn);
      longest = std::max(
          longest,
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    benchmark::DoNotOptimize(text);
  }
  state.counters["slices"] = slices;
  state.counters["longest_ms"] = longest;
}
BENCHMARK(BM_ScrapeSlices)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// One report, then the snapshot the next query takes; range(1) = 1: a scrape holds the
// published snapshot meanwhile (as a body being written does).
void BM_ReportThenSnapshot(benchmark::State& state) {
  Fixture& f = fixture(static_cast<int>(state.range(0)));
  f.input.table.reset();
  double now = 2;
  int host = 0;
  const int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    HostTablePtr held = state.range(1) ? f.table.snapshot(now) : nullptr;
    f.table.ingest(bench::benchReport(host, ""), now);
    benchmark::DoNotOptimize(f.table.snapshot(now));
    held.reset();
    host = (host + 1) % n;
    now += 1.1;  // past the big table's once-a-second rebuild limit: the worst case
  }
  f.input.table = f.table.snapshot(now);
}
BENCHMARK(BM_ReportThenSnapshot)
    ->Args({10000, 0})
    ->Args({10000, 1})
    ->Args({100000, 0})
    ->Args({100000, 1})
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
