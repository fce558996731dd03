// The master's query handling: what one request costs the lim's loop at 1k, 10k and
// 100k hosts, from the parsed request to the reply text: place -n 16 -w 16, load -R -n 16,
// full load, hosts. Also one snapshot publish after a placement (a place adjusts the load,
// so the next query may republish). The hosts report 20 indices each and have thresholds.
#include <benchmark/benchmark.h>

#include <chrono>
#include <string>

#include <map>
#include <memory>

#include "bench_cluster.h"
#include "config/builtins.h"
#include "format/request_text.h"
#include "master/load_table.h"
#include "node/queries.h"
#include "protocol/request.h"

using namespace openlim;

namespace {

ConfigPtr queryConfig(int hosts) {
  return bench::benchConfig(hosts, true);
}

protocol::LoadReport reportFor(int i) {
  return bench::benchReport(i, "");
}

struct Fixture {
  explicit Fixture(int hosts) : table(queryConfig(hosts)) {
    for (int i = 0; i < hosts; ++i) table.ingest(reportFor(i), 0);
    snap = table.snapshot(1);
  }
  node::QueryContext context(double now) { return {snap, "host0", &cache, &table, now}; }
  master::LoadTable table;
  HostTablePtr snap;
  RequestCache cache;
};

Fixture& fixture(int hosts) {
  static std::map<int, std::unique_ptr<Fixture>> all;
  auto& f = all[hosts];
  if (!f) f = std::make_unique<Fixture>(hosts);
  return *f;
}

template <typename Fn>
void runQuery(benchmark::State& state, const char* request, Fn fn) {
  Fixture& f = fixture(static_cast<int>(state.range(0)));
  size_t bytes = 0;
  double now = 1;
  for (auto _ : state) {
    // The parse is part of the request's cost.
    std::string reply = fn(*protocol::parseRequest(request), f.context(now)).body;
    bytes = reply.size();
    benchmark::DoNotOptimize(reply);
    now += 0.001;
  }
  state.counters["reply_bytes"] = static_cast<double>(bytes);
}

void BM_Place16(benchmark::State& state) {
  runQuery(state,
           R"({"op":"place","resreq":"","n":16,"w":16,"L":false,"explain":false,"local":"host0"})",
           node::queryPlace);
}
BENCHMARK(BM_Place16)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

void BM_LoadSelect16(benchmark::State& state) {
  runQuery(state, R"({"op":"load","resreq":"select[mem>0] order[r1m]","n":16})", node::queryLoad);
}
BENCHMARK(BM_LoadSelect16)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

void BM_LoadFull(benchmark::State& state) {
  runQuery(state, R"({"op":"load"})", node::queryLoad);
}
BENCHMARK(BM_LoadFull)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

void BM_HostsFull(benchmark::State& state) {
  runQuery(state, R"({"op":"hosts"})", node::queryHosts);
}
BENCHMARK(BM_HostsFull)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// A placement's load adjustment (3 run queues on one host) and the next query's snapshot, as
// in the lim between two requests: nothing else holds the snapshot, so the row is patched.
void BM_AdjustThenSnapshot(benchmark::State& state) {
  const int hosts = static_cast<int>(state.range(0));
  master::LoadTable table(queryConfig(hosts));
  for (int i = 0; i < hosts; ++i) table.ingest(reportFor(i), 0);
  table.snapshot(0.5);
  double now = 0.5;
  int i = 0;
  for (auto _ : state) {
    const std::string host = "host" + std::to_string(i++ % hosts);
    for (int slot : {0, 1, 2}) table.adjust(host, slot, 1.0, now);
    now += 1e-6;  // within the publish interval: a rebuild only if the patch was refused
    benchmark::DoNotOptimize(table.snapshot(now));
  }
}
BENCHMARK(BM_AdjustThenSnapshot)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

// The same while a query holds the snapshot: the table must be rebuilt (once it is stale).
void BM_AdjustThenRebuild(benchmark::State& state) {
  const int hosts = static_cast<int>(state.range(0));
  master::LoadTable table(queryConfig(hosts));
  for (int i = 0; i < hosts; ++i) table.ingest(reportFor(i), 0);
  double now = 2;
  for (auto _ : state) {
    HostTablePtr held = table.snapshot(now);
    table.adjust("host1", 1, 1.0, now);
    now += 2;  // past the big-table rate limit
    benchmark::DoNotOptimize(table.snapshot(now));
  }
}
BENCHMARK(BM_AdjustThenRebuild)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// Time moving a busy table on: every host has a placement's adjustment decaying (a scheduler
// placing steadily), and the snapshot is stale once a second. The first query after that pays
// this refresh, so it is the master's periodic worst case.
void BM_DecayRefresh(benchmark::State& state) {
  const int hosts = static_cast<int>(state.range(0));
  double now = 1;
  // Every host reported, published at `now`, then adjusted on three slots.
  auto busyTable = [&] {
    master::LoadTable t(queryConfig(hosts));
    for (int i = 0; i < hosts; ++i) t.ingest(reportFor(i), 0);
    t.snapshot(now);
    for (int i = 0; i < hosts; ++i)
      for (int slot : {0, 1, 2}) t.adjust("host" + std::to_string(i), slot, 1.0, now);
    return t;
  };
  master::LoadTable table = busyTable();
  for (auto _ : state) {
    now += 1.0;  // a new stale snapshot each round; adjustments last 45 s
    if (now > 40) {
      state.PauseTiming();
      now = 1;
      table = busyTable();
      now += 1.0;
      state.ResumeTiming();
    }
    benchmark::DoNotOptimize(table.snapshot(now));
  }
}
BENCHMARK(BM_DecayRefresh)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

// The snapshot a query takes while the hosts keep reporting, as in the daemon: between two
// queries 3 ms apart, 20 reports arrive (6,700 a second). Most queries find their rows
// patched; once a second time moves the whole snapshot on (statuses, ages, decays). The mean
// hides that one: max_us is the worst query's snapshot.
void BM_SnapshotUnderReports(benchmark::State& state) {
  const int hosts = static_cast<int>(state.range(0));
  master::LoadTable table(queryConfig(hosts));
  for (int i = 0; i < hosts; ++i) table.ingest(reportFor(i), 0);
  HostTablePtr snap = table.snapshot(0);
  double now = 0, worst = 0;
  int next = 0;
  for (auto _ : state) {
    state.PauseTiming();
    snap.reset();  // the previous query is answered
    for (int k = 0; k < 20; ++k) {
      table.ingest(reportFor(next), now);
      next = (next + 1) % hosts;
      now += 0.003 / 20;
    }
    state.ResumeTiming();
    auto t0 = std::chrono::steady_clock::now();
    snap = table.snapshot(now);
    worst = std::max(
        worst,
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
  }
  state.counters["max_us"] = worst;
}
BENCHMARK(BM_SnapshotUnderReports)->Arg(10000)->Arg(100000)->Iterations(2000);

// ls_loadadj with 100,000 tasks (the `loadadj` op from the parsed request to the reply, as the
// lim's loop runs it): range(0) tasks named over range(1) hosts of a 1,000-host cluster whose
// hosts report ncpus and maxmem, with rusage[mem=10]. One host is the worst case: every task
// adds to the same host's load. Each round starts past the last round's adjustments. Before
// the per-host merge the one-host case took 22.7 s of CPU (a single round).
void BM_LoadAdj(benchmark::State& state) {
  const int tasks = static_cast<int>(state.range(0)), spread = static_cast<int>(state.range(1));
  const int hosts = 1000;
  master::LoadTable table(queryConfig(hosts));
  for (int i = 0; i < hosts; ++i) {
    protocol::LoadReport r = reportFor(i);
    r.numbers.push_back({"ncpus", 8, 0});
    r.numbers.push_back({"maxmem", 64000, 0});
    table.ingest(r, 0);
  }
  format::Json names = format::Json::array();
  for (int t = 0; t < tasks; ++t)
    names.push(format::Json::string("host" + std::to_string(t % spread)));
  format::Json req = format::Json::object();
  req.add("op", format::Json::string("loadadj"));
  req.add("resreq", format::Json::string("rusage[mem=10]"));
  req.add("hosts", std::move(names));
  const std::string text = format::requestText(req);
  RequestCache cache;
  double now = 1;
  for (auto _ : state) {
    node::QueryContext ctx{table.snapshot(now), "host0", &cache, &table, now};
    std::string reply = node::queryLoadAdj(*protocol::parseRequest(text), ctx).body;
    benchmark::DoNotOptimize(reply);
    now += 60;  // past ADJUST_DURATION x EXINTERVAL (45 s)
  }
  state.counters["request_bytes"] = static_cast<double>(text.size());
}
// 450,000 names of "host0" fill most of the largest request body (4 MiB): the longest loop
// turn a loadadj can take.
BENCHMARK(BM_LoadAdj)
    ->Args({100000, 1})
    ->Args({100000, 1000})
    ->Args({450000, 1})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
