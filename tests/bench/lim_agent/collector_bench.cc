// Cost of one LoadCollector tick on this machine's real /proc, and of the pure parsers.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "agent/load_collector.h"
#include "load/procfs/diskstats.h"
#include "load/procfs/proc_stat.h"

namespace {

using openlim::ConfigSnapshot;
using openlim::agent::LoadCollector;

std::string slurp(const char* path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Every 5 s of fake time: the fast indices (stat, vmstat, diskstats, meminfo); swp, ls/it and
// tmp join at their own periods, as in production.
void BM_CollectorTick(benchmark::State& state) {
  ConfigSnapshot cfg;
  LoadCollector c("/", cfg, "bench");
  double now = 0;
  for (auto _ : state) {
    c.tick(now);
    now += 5;
  }
  state.SetLabel("ticks=" + std::to_string(c.counters().ticks));
}
BENCHMARK(BM_CollectorTick);

// A tick with nothing due (the loop woke for another reason).
void BM_CollectorIdleTick(benchmark::State& state) {
  ConfigSnapshot cfg;
  LoadCollector c("/", cfg, "bench");
  c.tick(0);
  for (auto _ : state) c.tick(1);
}
BENCHMARK(BM_CollectorIdleTick);

void BM_ParseProcStat(benchmark::State& state) {
  std::string text = slurp("/proc/stat");
  for (auto _ : state) benchmark::DoNotOptimize(openlim::procfs::parseProcStat(text));
}
BENCHMARK(BM_ParseProcStat);

void BM_ParseDiskstats(benchmark::State& state) {
  std::string text = slurp("/proc/diskstats");
  for (auto _ : state) benchmark::DoNotOptimize(openlim::procfs::parseDiskstats(text));
}
BENCHMARK(BM_ParseDiskstats);

}  // namespace

BENCHMARK_MAIN();
