// Formatter and reply-parsing cost for big clusters: what lsload adds on top of the round trip.
#include <benchmark/benchmark.h>

#include <sstream>

#include "format/json.h"
#include "format/load_format.h"
#include "format/load_reply.h"
#include "format/misc_format.h"

namespace {

using namespace openlim;

format::LoadSnapshot snapshot(int n) {
  format::LoadSnapshot s;
  s.names = {"r15s", "r1m", "r15m", "ut", "pg", "io", "ls", "it", "tmp", "swp", "mem", "ncpus"};
  for (int i = 0; i < n; ++i) {
    format::LoadHost h;
    h.name = "host" + std::to_string(i);
    h.status = i % 17 == 0 ? "busy" : "ok";
    for (int k = 0; k < 11; ++k) h.values.push_back(format::Value::num(1.5 * (i % 7) + k * 1000));
    h.values.push_back(format::Value::num(8));
    if (i % 17 == 0) h.busy.push_back(1);
    s.hosts.push_back(std::move(h));
  }
  return s;
}

void BM_FormatLoad(benchmark::State& st) {
  auto snap = snapshot(static_cast<int>(st.range(0)));
  format::ClusterInfo info;
  for (auto _ : st) benchmark::DoNotOptimize(format::formatLoad(snap, info, {}));
  st.SetItemsProcessed(st.iterations() * st.range(0));
}
BENCHMARK(BM_FormatLoad)->Arg(1)->Arg(10000)->Unit(benchmark::kMicrosecond);

void BM_ParseLoadReply(benchmark::State& st) {
  std::string text = format::loadJson(snapshot(static_cast<int>(st.range(0)))).dump();
  for (auto _ : st) benchmark::DoNotOptimize(format::parseLoadReply(text));
  st.SetItemsProcessed(st.iterations() * st.range(0));
}
BENCHMARK(BM_ParseLoadReply)->Arg(1)->Arg(10000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
