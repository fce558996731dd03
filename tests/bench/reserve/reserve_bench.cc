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
#include "master/metrics.h"
#include "quota/quotas_file.h"
#include "reserve/service.h"
#include "reserve/service_metrics.h"

using namespace openlim;

namespace {

struct Fixture {
  // users: how many distinct callers share the 10,000 reservations.
  explicit Fixture(int hosts, int users = 50)
      : table(bench::benchConfig(hosts, true)), service("host0") {
    for (int i = 0; i < hosts; ++i) {
      protocol::LoadReport r = bench::benchReport(i, "");
      r.numbers.push_back({"ncpus", 32, 0});
      table.ingest(r, 0);
    }
    // 10,000 active reservations of one slot each, spread over the hosts.
    for (int i = 0; i < 10000; ++i) {
      std::string req = R"({"op":"reserve","n":1,"caller":"u)" + std::to_string(i % users) +
                        R"(","hosts":["host)" + std::to_string((i * 7919) % hosts) + R"("]})";
      call(req, 1);
    }
  }
  std::string call(const std::string& text, double now) {
    auto req = format::parseJson(text);
    reserve::ServiceContext ctx{
        {table.snapshot(now), "host0", &cache, &table, now}, 1e9 + now, true, nullptr};
    reserve::Effects fx;
    return service.handle(req->stringOr("op"), *req, ctx, &fx).body;
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

// What a scrape costs the loop (the hand-over, reserve/service_metrics.h) and the metrics
// thread (the quota rows and the text), with 10,000 reservations by 10,000 users under two quota
// sets whose braced filters give a row per user and per host: about 20,000 rows, cut to
// master::kMaxQuotaSeries.
void BM_ReservationMetrics(benchmark::State& state) {
  static std::unique_ptr<Fixture> f;
  if (!f) {
    f = std::make_unique<Fixture>(10000, 10000);
    const std::string text =
        "{\n name per_user\n limit users {*} to slots=4\n}\n"
        "{\n name per_host\n limit hosts {*} to slots=8\n}\n";
    quota::QuotasLoad l = quota::loadQuotas(text, "lsf.quotas", *f->table.config(), nullptr);
    if (l.errors() > 0) {
      state.SkipWithError(l.diagnostics[0].toString().c_str());
      return;
    }
    f->service.setQuotas(std::make_shared<const quota::QuotaConfig>(std::move(l.config)));
  }
  HostTablePtr table = f->table.snapshot(2);
  size_t bytes = 0, rows = 0, omitted = 0;
  for (auto _ : state) {
    // The loop's part: counters and a share of the usage.
    auto in = std::make_shared<master::MetricsInput>();
    in->isMaster = true;
    in->table = table;
    in->reservations = std::make_shared<const master::ReservationMetrics>(
        reserve::reservationMetrics(f->service, policy::Period::kPrime));
    if (state.range(0) == 0) continue;
    // The body's: the rows (one slice of a scrape's writing, on the loop).
    reserve::QuotaRows q =
        reserve::quotaRows(*in->reservations->quotas, policy::Period::kPrime, *table);
    rows = q.rows.size();
    omitted = q.omitted;
    if (state.range(0) == 2) bytes = master::writeMetrics(*in, 0).size();
  }
  state.counters["quota_rows"] = static_cast<double>(rows);
  state.counters["omitted"] = static_cast<double>(omitted);
  state.counters["bytes"] = static_cast<double>(bytes);
}
// 0: the loop's part only; 1: and the quota rows; 2: and the whole text (10,000 hosts too).
BENCHMARK(BM_ReservationMetrics)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
