// Cost of one LoadCollector tick on this machine's real /proc, and of the pure parsers.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "agent/load_collector.h"
#include "agent/proc_source.h"
#include "load/procfs/diskstats.h"
#include "load/procfs/nlb_host.h"
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

// NLB_NUMPROC's count of this machine's processes, when a task came or went since the last:
// a readdir of /proc into a list of names, counted (as before), and getdents64 into a kept
// buffer from where the processes begin (ProcSource::countNumericKept).
void BM_ProcCountByNames(benchmark::State& state) {
  openlim::agent::ProcSource src("/");
  for (auto _ : state)
    benchmark::DoNotOptimize(openlim::procfs::countProcesses(src.listKept("/proc")));
}
BENCHMARK(BM_ProcCountByNames);

void BM_ProcCountKept(benchmark::State& state) {
  openlim::agent::ProcSource src("/");
  for (auto _ : state) benchmark::DoNotOptimize(src.countNumericKept("/proc"));
}
BENCHMARK(BM_ProcCountKept);

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
