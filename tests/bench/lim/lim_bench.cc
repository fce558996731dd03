// Master LIM figures:
//  - BM_IngestSignedReport: one core, the whole receive path of a load report: frame check
//    + HMAC-SHA256 verify + body decode + replay window + the election hearing its sender +
//    table ingest (N hosts x 20 idx).
//  - BM_ElectionHeard: the election's share of that path alone, N distinct senders.
//  - BM_SnapshotBuild: publishing the immutable HostTable for queries.
//  - MasterRss (main): RssAnon of a table with 100k hosts x 20 indices, each heard once.
//  - Failover time with EXINTERVAL=15 from the election state machine (fake clock).
#include <benchmark/benchmark.h>

#include <malloc.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "bench_cluster.h"
#include "config/builtins.h"
#include "hmac.h"
#include "master/election.h"
#include "master/load_table.h"
#include "protocol/frame.h"
#include "protocol/messages.h"
#include "protocol/replay.h"

using namespace openlim;

namespace {

ConfigPtr bigConfig(int hosts, bool averages = true) {
  return bench::benchConfig(hosts, false, averages);
}

protocol::LoadReport reportFor(int i) {
  return bench::benchReport(i, "x");
}

void BM_IngestSignedReport(benchmark::State& state) {
  const int hosts = static_cast<int>(state.range(0));
  master::LoadTable table(bigConfig(hosts, state.range(1) != 0));
  protocol::MacFn mac = shell::makeMacFn("0123456789abcdef0123456789abcdef");
  std::vector<std::string> frames;
  const int distinct = std::min(hosts, 4096);
  for (int i = 0; i < distinct; ++i) {
    protocol::Frame f{.kind = protocol::Kind::kLoadReport,
                      .isSigned = true,
                      .epoch = 1,
                      .seq = 1,
                      .body = protocol::encodeLoadReport(reportFor(i), 60000)[0]};
    frames.push_back(protocol::encodeFrame(f, &mac));
  }
  protocol::ReplayGuard guard;
  master::Election election("host0", {"host0", "host1", "host2"},
                            {.exInterval = 15, .masterInactivityLimit = 2, .probeTimeout = 2}, 0);
  uint64_t seq = 0, ingested = 0;
  double now = 0;
  for (auto _ : state) {
    const std::string& bytes = frames[seq % static_cast<uint64_t>(distinct)];
    protocol::Decoded d = protocol::decodeFrame(bytes, protocol::kMaxUdpBody, &mac, true);
    auto r = protocol::decodeLoadReport(d.frame.body);
    ++seq;
    benchmark::DoNotOptimize(guard.checkAndAccept(r->host, 1, seq));  // as the real path
    election.onHeard(r->host, now);                                   // (MasterRole::onReport)
    if (table.ingest(*r, now)) ++ingested;
    now += 15.0 / hosts;  // every host reports once per 15 s exchange interval
  }
  state.SetItemsProcessed(static_cast<int64_t>(ingested));
  state.counters["bytes_per_report"] = static_cast<double>(frames[0].size());
}
// Second argument: 1 = with the averaged indices (as loaded configurations are), 0 = without.
BENCHMARK(BM_IngestSignedReport)->Args({1000, 1})->Args({100000, 0})->Args({100000, 1});

// The election's part of a report's receive path alone: N distinct hosts heard in turn (3
// master candidates among them), as a master hears its cluster.
void BM_ElectionHeard(benchmark::State& state) {
  const int hosts = static_cast<int>(state.range(0));
  std::vector<std::string> names;
  for (int i = 0; i < hosts; ++i) names.push_back(reportFor(i).host);
  master::Election election(names[0], {names[0], names[1], names[2]},
                            {.exInterval = 15, .masterInactivityLimit = 2, .probeTimeout = 2}, 0);
  size_t i = 0;
  double now = 0;
  for (auto _ : state) {
    election.onHeard(names[i], now);
    if (++i == names.size()) i = 0;
    now += 15.0 / hosts;
  }
}
BENCHMARK(BM_ElectionHeard)->Arg(1000)->Arg(100000);

void BM_SnapshotBuild(benchmark::State& state) {
  const int hosts = static_cast<int>(state.range(0));
  master::LoadTable table(bigConfig(hosts));
  for (int i = 0; i < hosts; ++i) table.ingest(reportFor(i), 0);
  for (auto _ : state) benchmark::DoNotOptimize(table.build(1));
}
BENCHMARK(BM_SnapshotBuild)->Arg(10000)->Arg(100000)->Unit(benchmark::kMillisecond);

long rssAnonKb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("RssAnon:", 0) == 0) return std::stol(line.substr(8));
  return -1;
}

void reportMasterRss(bool averages) {
  long before = rssAnonKb();
  {
    master::LoadTable table(bigConfig(100000, averages));
    for (int round = 0; round < 2; ++round)  // twice: the averages are known after two
      for (int i = 0; i < 100000; ++i) table.ingest(reportFor(i), 15.0 * round);
    HostTablePtr snap = table.snapshot(16);
    std::printf(
        "master table: 100000 hosts x 20 indices, %s averaged indices: RssAnon %+ld kB "
        "(%.1f MB) including config, records and one published snapshot\n",
        averages ? "with" : "without", rssAnonKb() - before, (rssAnonKb() - before) / 1024.0);
  }
}

void reportFailover() {
  master::ElectionParams p{.exInterval = 15, .masterInactivityLimit = 2, .probeTimeout = 2};
  master::Election e("hostB", {"hostA", "hostB"}, p, 0);
  e.tick(0);
  e.onClaim("hostA", true, 100);  // last heartbeat before hostA dies
  double t = 100;
  while (!e.isMaster() && t < 1000) {
    t += 0.1;
    e.tick(t);
  }
  std::printf(
      "failover with EXINTERVAL=15 (state machine, fake clock): %.1f s after the dead "
      "master's last heartbeat, so at most that long after it died\n",
      t - 100);
}

}  // namespace

int main(int argc, char** argv) {
  reportFailover();
  reportMasterRss(false);
  malloc_trim(0);  // give the first table's pages back, so the second starts from the same base
  reportMasterRss(true);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
