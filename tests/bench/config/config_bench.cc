// Parse + validate time of a generated cluster: 10,000 hosts, 200 site resources.
// Run: bench_config [--benchmark_filter=...]; prints RssAnon at the end.
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "openlim/config.h"

namespace {

constexpr int kHosts = 10000;
constexpr int kResources = 200;

// 200 site resources: 100 per-host dynamic numerics, 50 shared dynamic numerics (half on
// [all], half on host sets of 100), 25 booleans, 25 static strings.
std::string shared() {
  std::ostringstream s;
  s << "Begin Cluster\nClusterName\nbig\nEnd Cluster\n"
    << "Begin HostType\nTYPENAME\nLINUX86\nLINUX64\nEnd HostType\n"
    << "Begin HostModel\nMODELNAME CPUFACTOR ARCHITECTURE\nGeneric 100 (x86_64)\n"
    << "Fast 150 (x86_64)\nEnd HostModel\n"
    << "Begin Resource\nRESOURCENAME TYPE INTERVAL INCREASING CONSUMABLE DESCRIPTION\n";
  for (int i = 0; i < kResources; ++i) {
    if (i < 150)
      s << "n" << i << " Numeric " << 15 + i % 4 * 15 << " " << (i % 2 ? "Y" : "N")
        << " N (numeric " << i << ")\n";
    else if (i < 175)
      s << "b" << i << " Boolean () () () (boolean " << i << ")\n";
    else
      s << "s" << i << " String () () () (string " << i << ")\n";
  }
  s << "End Resource\n";
  return s.str();
}

std::string cluster() {
  std::ostringstream s;
  s << "Begin Parameters\nEXINTERVAL = 15\nEnd Parameters\n"
    << "Begin Host\nHOSTNAME model type server r1m ut mem n0 n1 RESOURCES\n";
  for (int h = 0; h < kHosts; ++h)
    s << "host" << h << (h % 2 ? " Generic LINUX86 " : " Fast LINUX64 ")
      << (h < 50 ? 1 : h % 3 != 0) << " 3.5 90% 100 20 - (b" << 150 + h % 25 << " s" << 175 + h % 25
      << "=v" << h % 7 << ")\n";
  s << "End Host\nBegin ResourceMap\nRESOURCENAME LOCATION\n";
  for (int i = 0; i < 150; ++i) {
    if (i < 100) {
      s << "n" << i << " [default]\n";
      continue;
    }
    if (i < 125) {
      s << "n" << i << " [all ~host" << i << "]\n";
      continue;
    }
    s << "n" << i << " (";
    for (int set = 0; set < 4; ++set) {
      s << "[";
      for (int k = 0; k < 100; ++k) s << " host" << (i * 97 + set * 1000 + k) % kHosts;
      s << "] ";
    }
    s << ")\n";
  }
  s << "End ResourceMap\n";
  return s.str();
}

std::string makeDir() {
  static std::string dir;
  if (!dir.empty()) return dir;
  char tmpl[] = "/tmp/openlim_bench_config_XXXXXX";
  dir = mkdtemp(tmpl);
  std::ofstream(dir + "/lsf.conf") << "LSF_CONFDIR=.\nLSF_MASTER_LIST=\"host0 host1 host2\"\n";
  std::ofstream(dir + "/lsf.shared") << shared();
  std::ofstream(dir + "/lsf.cluster.big") << cluster();
  std::ofstream hosts(dir + "/hosts");
  for (int h = 0; h < kHosts; ++h)
    hosts << "10." << h / 65536 << "." << h / 256 % 256 << "." << h % 256 << " host" << h << "\n";
  return dir;
}

void BM_LoadCluster10kHosts200Resources(benchmark::State& state) {
  std::string dir = makeDir();
  auto noEnv = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
  size_t diags = 0, hosts = 0;
  for (auto _ : state) {
    openlim::ConfigLoad l = openlim::loadConfig(dir, noEnv);
    diags = l.diagnostics.size();
    hosts = l.snapshot ? l.snapshot->hosts.size() : 0;
    benchmark::DoNotOptimize(l);
  }
  if (hosts != kHosts || diags != 0) state.SkipWithError("generated cluster did not load clean");
  state.counters["hosts"] = static_cast<double>(hosts);
  state.counters["bytes"] = static_cast<double>(
      std::filesystem::file_size(dir + "/lsf.cluster.big") +
      std::filesystem::file_size(dir + "/lsf.shared") + std::filesystem::file_size(dir + "/hosts"));
}
BENCHMARK(BM_LoadCluster10kHosts200Resources)->Unit(benchmark::kMillisecond);

void BM_LoadSampleCluster(benchmark::State& state) {
  std::string dir = std::string(OPENLIM_SOURCE_DIR) + "/conf";
  auto noEnv = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
  for (auto _ : state) benchmark::DoNotOptimize(openlim::loadConfig(dir, noEnv));
}
BENCHMARK(BM_LoadSampleCluster)->Unit(benchmark::kMicrosecond);

void printRssAnon() {
  std::ifstream f("/proc/self/status");
  for (std::string line; std::getline(f, line);)
    if (line.rfind("RssAnon", 0) == 0) std::cout << line << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  printRssAnon();
  std::filesystem::remove_all(makeDir());
  return 0;
}
