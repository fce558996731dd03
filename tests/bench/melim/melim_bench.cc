// Throughput of the melim core: lines framed + parsed + validated + merged per second on one
// core (goal >= 5M/s). The process figures (RssAnon, idle CPU, latency) come from
// melim_proc_bench.py next to this file.
#include <benchmark/benchmark.h>

#include <string>

#include "core/supervisor.h"

using namespace openlim;
using namespace openlim::melim;

namespace {

class NullPort : public ProcessPort {
 public:
  Result<int> start(int, int, const std::string&, const std::vector<std::string>&) override {
    return next_++;
  }
  void signalGroup(int, int) override {}
  void closeOutput(int, int) override {}
  int next_ = 100;
};

std::vector<NameSpec> names() {
  std::vector<NameSpec> n;
  for (const char* s : {"usr_tmp", "nio", "licenses", "scratch", "ngpus", "gpu_util", "gpu_mem"})
    n.push_back({s, NameKind::kNumeric, 15, true});
  n.push_back({"tmp", NameKind::kBuiltin, 60, true});
  return n;
}

// A 64 KiB read's worth of lines, values changing line by line.
std::string chunk(int pairs, size_t* lines) {
  static const char* kNames[] = {"usr_tmp", "nio", "licenses", "gpu_util"};
  std::string s;
  *lines = 0;
  for (int i = 0; s.size() < 60000; ++i) {
    s += std::to_string(pairs);
    for (int p = 0; p < pairs; ++p)
      s += std::string(" ") + kNames[p] + " " + std::to_string(i % 1000) + "." + std::to_string(p);
    s += '\n';
    ++*lines;
  }
  return s;
}

void runSupervisor(benchmark::State& state, int pairs) {
  Settings s;
  s.names = names();
  NullPort port;
  Supervisor sup(s, &port, nullptr);
  sup.setElims({{"elim.a", "/x/elim.a"}}, 0);
  sup.advance(0);
  size_t lines = 0;
  std::string data = chunk(pairs, &lines);
  double now = 1;
  for (auto _ : state) {
    sup.onStdout(0, 1, data, now);
    now += 0.001;
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * lines));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * data.size()));
  if (sup.probe(0).accepted != state.iterations() * lines) state.SkipWithError("lines dropped");
}

void BM_SupervisorLines1Pair(benchmark::State& state) {
  runSupervisor(state, 1);
}
void BM_SupervisorLines3Pairs(benchmark::State& state) {
  runSupervisor(state, 3);
}

void BM_ParseOnly(benchmark::State& state) {
  Catalog c(names());
  ParseScratch scratch;
  std::string line = "3 usr_tmp 4096.5 nio 344.0 licenses 5";
  for (auto _ : state) benchmark::DoNotOptimize(parseElimLine(line, c, scratch));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

}  // namespace

BENCHMARK(BM_SupervisorLines1Pair);
BENCHMARK(BM_SupervisorLines3Pairs);
BENCHMARK(BM_ParseOnly);
BENCHMARK_MAIN();
