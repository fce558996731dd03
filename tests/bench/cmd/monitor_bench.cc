// lsmon's CPU per refresh at cluster scale: parsing the load reply, building the screen's
// lines (only the rows that fit are formatted) and diffing them against the screen (only
// changed rows are redrawn), and the -L record. The network round trip is not included.
#include <benchmark/benchmark.h>

#include "format/load_acct.h"
#include "format/load_format.h"
#include "format/load_reply.h"
#include "format/misc_format.h"
#include "format/monitor_view.h"

namespace {

using namespace openlim;

format::LoadSnapshot snapshot(int n, int tick) {
  format::LoadSnapshot s;
  s.cluster = "big";
  s.master = "host0";
  s.names = {"r15s", "r1m", "r15m", "ut", "pg", "io", "ls", "it", "tmp", "swp", "mem", "ncpus"};
  for (int i = 0; i < n; ++i) {
    format::LoadHost h;
    h.name = "host" + std::to_string(i);
    h.status = i % 17 == 0 ? "busy" : "ok";
    // Each tick moves the load of one host in ten.
    double move = (i % 10 == tick % 10) ? tick : 0;
    for (int k = 0; k < 11; ++k)
      h.values.push_back(format::Value::num(1.5 * (i % 7) + k * 1000 + move));
    h.values.push_back(format::Value::num(8));
    if (i % 17 == 0) h.busy.push_back(1);
    s.hosts.push_back(std::move(h));
  }
  return s;
}

constexpr format::ScreenSize kScreen{50, 160};

// One refresh after the reply is parsed: lines for a 50x160 terminal and the rows to redraw.
void BM_MonitorFrame(benchmark::State& st) {
  auto a = snapshot(static_cast<int>(st.range(0)), 1);
  auto b = snapshot(static_cast<int>(st.range(0)), 2);
  format::ClusterInfo info;
  format::MonitorSettings settings;
  auto shown = format::monitorLines({&a, &info, &settings, "t1", ""}, kScreen);
  size_t redrawn = 0;
  bool flip = false;
  for (auto _ : st) {
    const format::LoadSnapshot& next = flip ? a : b;
    auto lines = format::monitorLines({&next, &info, &settings, flip ? "t1" : "t2", ""}, kScreen);
    redrawn += format::changedRows(shown, lines).size();
    shown = std::move(lines);
    flip = !flip;
  }
  st.counters["rows_redrawn_per_refresh"] =
      benchmark::Counter(static_cast<double>(redrawn) / static_cast<double>(st.iterations()));
}
BENCHMARK(BM_MonitorFrame)->Arg(100)->Arg(10000)->Unit(benchmark::kMicrosecond);

// The whole per-refresh CPU: the reply's JSON parsed, then the frame.
void BM_MonitorRefresh(benchmark::State& st) {
  std::string text = format::loadJson(snapshot(static_cast<int>(st.range(0)), 1)).dump();
  format::ClusterInfo info;
  format::MonitorSettings settings;
  std::vector<std::string> shown;
  for (auto _ : st) {
    auto snap = format::parseLoadReply(text);
    auto lines = format::monitorLines({&snap->snapshot, &info, &settings, "t", ""}, kScreen);
    benchmark::DoNotOptimize(format::changedRows(shown, lines));
    shown = std::move(lines);
  }
}
BENCHMARK(BM_MonitorRefresh)->Arg(10000)->Unit(benchmark::kMicrosecond);

// What a frame would cost if it formatted every host (the whole lsload table) instead.
void BM_MonitorFrameAllRows(benchmark::State& st) {
  auto a = snapshot(static_cast<int>(st.range(0)), 1);
  format::ClusterInfo info;
  for (auto _ : st) benchmark::DoNotOptimize(format::formatLoad(a, info, {}));
}
BENCHMARK(BM_MonitorFrameAllRows)->Arg(10000)->Unit(benchmark::kMicrosecond);

// lsmon -L: one record of every host.
void BM_MonitorAcctRecord(benchmark::State& st) {
  auto a = snapshot(static_cast<int>(st.range(0)), 1);
  auto idx = format::acctIndices({});
  for (auto _ : st) benchmark::DoNotOptimize(format::acctRecord(a, idx, 1700000000));
}
BENCHMARK(BM_MonitorAcctRecord)->Arg(10000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
