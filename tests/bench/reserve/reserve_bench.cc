// The master's reservation ops on the production path (request JSON -> ReservationService ->
// reply JSON, the load table's snapshot with what is reserved taken off): a 16-slot
// reservation at 1k and 10k hosts (32 CPUs each) with 10,000 active one-slot reservations,
// and the reserve + release pair. Server-side CPU only: the socket and the state file are
// reserve_pairs.py's.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>

#include "bench_cluster.h"
#include "format/json.h"
#include "master/load_table.h"
#include "reserve/service.h"

using namespace openlim;

namespace {

struct Fixture {
  explicit Fixture(int hosts) : table(bench::benchConfig(hosts, true)), service("host0") {
    for (int i = 0; i < hosts; ++i) {
      protocol::LoadReport r = bench::benchReport(i, "");
      r.numbers.push_back({"ncpus", 32, 0});
      table.ingest(r, 0);
    }
    // 10,000 active reservations of one slot each, spread over the hosts.
    for (int i = 0; i < 10000; ++i) {
      std::string req = R"({"op":"reserve","n":1,"caller":"u)" + std::to_string(i % 50) +
                        R"(","hosts":["host)" + std::to_string((i * 7919) % hosts) + R"("]})";
      call(req, 1);
    }
  }
  std::string call(const std::string& text, double now) {
    auto req = format::parseJson(text);
    reserve::ServiceContext ctx{
        {table.snapshot(now), "host0", &cache, &table, now}, 1e9 + now, true, nullptr};
    reserve::Effects fx;
    return service.handle(req->stringOr("op"), *req, ctx, &fx);
  }
  master::LoadTable table;
  RequestCache cache;
  reserve::ReservationService service;
};

Fixture& fixture(int hosts) {
  static std::map<int, std::unique_ptr<Fixture>> all;
  auto& f = all[hosts];
  if (!f) f = std::make_unique<Fixture>(hosts);
  return *f;
}

std::string idOf(const std::string& reply) {
  return format::parseJson(reply)->stringOr("id");
}

// One 16-slot reservation (timed) and its release (not timed), so the ledger stays at 10,000.
void BM_Reserve16(benchmark::State& state) {
  Fixture& f = fixture(static_cast<int>(state.range(0)));
  double now = 2;
  const std::string req = R"({"op":"reserve","n":16,"caller":"alice","resreq":"select[r1m<6]"})";
  for (auto _ : state) {
    std::string reply = f.call(req, now);
    state.PauseTiming();
    std::string id = idOf(reply);
    if (id.empty()) state.SkipWithError(reply.c_str());
    f.call(R"({"op":"release","caller":"alice","ids":[")" + id + R"("]})", now);
    now += 0.001;
    state.ResumeTiming();
  }
  state.counters["active"] = static_cast<double>(f.service.ledger().size());
}
BENCHMARK(BM_Reserve16)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

// The reserve + release pair, both timed.
void BM_ReserveReleasePair(benchmark::State& state) {
  Fixture& f = fixture(static_cast<int>(state.range(0)));
  double now = 2;
  for (auto _ : state) {
    std::string id = idOf(f.call(R"({"op":"reserve","n":1,"caller":"alice"})", now));
    f.call(R"({"op":"release","caller":"alice","ids":[")" + id + R"("]})", now);
    now += 0.001;
  }
}
BENCHMARK(BM_ReserveReleasePair)->Arg(10000)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
