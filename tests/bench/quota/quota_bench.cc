// Resource quota benchmarks, on the production path (HostGroup sections read by the cluster
// reader, lsf.quotas by loadQuotas, admission and report as the master runs them):
//  - Grid Engine's quota benchmark shape: 1,000 hosts in 4 host groups (one nested group
//    resolving to all 1,000), 3 rule sets, admission checks for 50 different requests on
//    every host;
//  - a 16-slot admission at 10,000 hosts with 3 rule sets and 10,000 active reservations,
//    and the same request's verdict on every host (--explain);
//  - the lsquota report (rows and text) for one user holding 10,000 reservations.
// Run: bench_quota [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <sstream>
#include <string>

#include "config/builtins.h"
#include "config/lsf_cluster.h"
#include "quota/quota_report.h"
#include "quota/quota_state.h"
#include "quota/quotas_file.h"

namespace {

using namespace openlim;
using namespace openlim::quota;

// n hosts; groups: first (first half), second (second half), small (first 100), and all_hosts
// = (first @second): nested, resolving to every host.
std::shared_ptr<const ConfigSnapshot> makeCluster(int n) {
  config::BuildContext ctx;
  ctx.snap.resources = config::builtinResources();
  ResourceDef lic;
  lic.name = "licenses";
  lic.type = ResourceType::kNumeric;
  lic.consumable = lic.shared = true;
  ctx.snap.resources.push_back(lic);
  ctx.snap.buildIndexes();
  std::ostringstream s;
  s << "Begin Host\nHOSTNAME model type server\n";
  for (int h = 0; h < n; ++h) s << "host" << h << " ! ! 1\n";
  s << "End Host\nBegin HostGroup\nGROUP_NAME GROUP_MEMBER\nall_hosts (first @second)\nfirst (";
  for (int h = 0; h < n / 2; ++h) s << " host" << h;
  s << ")\nsecond (";
  for (int h = n / 2; h < n; ++h) s << " host" << h;
  s << ")\nsmall (";
  for (int h = 0; h < 100; ++h) s << " host" << h;
  s << ")\nEnd HostGroup\n";
  std::vector<Diagnostic> diags;
  config::DiagSink diag("lsf.cluster.bench", &diags);
  config::readLsfCluster(s.str(), ctx, diag);
  if (!diags.empty() || ctx.snap.hostGroups.size() != 4 ||
      ctx.snap.findHostGroup("all_hosts")->hosts.size() != static_cast<size_t>(n))
    return nullptr;
  return std::make_shared<const ConfigSnapshot>(std::move(ctx.snap));
}

constexpr const char* kQuotas = R"({
  name per_user
  limit users {*} hosts {@all_hosts} to slots=$ncpus*2
  limit users {*} to slots=1000
}
{
  name per_project
  limit projects {*} hosts {@first} to slots=400
  limit projects {*} to slots=2000, licenses=50
}
{
  name small_hosts
  limit users * hosts {@small} to slots=$ncpus
  limit hosts {*} to slots=$ncpus*4
}
)";

QuotaConfigPtr makeQuotas(const ConfigSnapshot& c) {
  QuotasLoad l = loadQuotas(kQuotas, "lsf.quotas", c, nullptr);
  if (l.errors() != 0) return nullptr;
  return std::make_shared<const QuotaConfig>(std::move(l.config));
}

std::optional<double> eightCpus(const std::string&, const std::string&) {
  return 8;
}

Consumer consumer(int i) {
  Consumer c;
  c.user = "user" + std::to_string(i);
  c.project = i % 3 ? "proj" + std::to_string(i % 7) : "";
  return c;
}

void BM_GridEngineShape50RequestsOn1000Hosts(benchmark::State& state) {
  auto cluster = makeCluster(1000);
  auto quotas = cluster ? makeQuotas(*cluster) : nullptr;
  if (!quotas) return state.SkipWithError("setup failed");
  QuotaState qs(quotas);
  for (int i = 0; i < 200; ++i)  // some usage so that checks find buckets
    qs.add(Consumption{consumer(i % 50), {HostTake{"host" + std::to_string(i * 5), 2, {}}}, {}});
  std::vector<HostTake> takes;
  for (int h = 0; h < 1000; ++h) takes.push_back(HostTake{"host" + std::to_string(h), 1, {}});
  size_t admitted = 0;
  for (auto _ : state) {
    admitted = 0;
    for (int r = 0; r < 50; ++r) {
      Admission a(qs, consumer(r), policy::Period::kPrime, eightCpus);
      for (const HostTake& t : takes) admitted += a.check(t).admitted;
    }
  }
  state.counters["host_checks"] = 50 * 1000;
  state.counters["admitted"] = static_cast<double>(admitted);
}
BENCHMARK(BM_GridEngineShape50RequestsOn1000Hosts)->Unit(benchmark::kMillisecond);

struct Big {
  std::shared_ptr<const ConfigSnapshot> cluster;
  std::unique_ptr<QuotaState> state;
  std::vector<HostTake> takes;
};

// 10,000 hosts; 10,000 reservations of 2 slots from 500 users (user0 holds 20 of them...
// and `userOne` holds 10,000 on its own for the report).
Big& big(bool oneUser) {
  static Big shared, single;
  Big& b = oneUser ? single : shared;
  if (b.state) return b;
  b.cluster = makeCluster(10000);
  auto quotas = b.cluster ? makeQuotas(*b.cluster) : nullptr;
  if (!quotas) return b;
  b.state = std::make_unique<QuotaState>(quotas);
  for (int i = 0; i < 10000; ++i) {
    Consumer c = oneUser ? consumer(0) : consumer(i % 500);
    b.state->add(Consumption{c, {HostTake{"host" + std::to_string(i), 2, {}}}, {}});
  }
  for (int h = 0; h < 10000; ++h)
    b.takes.push_back(HostTake{"host" + std::to_string((h * 7919) % 10000), 1, {}});
  return b;
}

void BM_Admit16SlotsAt10kHosts10kReservations(benchmark::State& state) {
  Big& b = big(false);
  if (!b.state) return state.SkipWithError("setup failed");
  for (auto _ : state) {
    Admission a(*b.state, consumer(7), policy::Period::kPrime, eightCpus);
    int64_t got = 0;
    for (size_t h = 0; h < b.takes.size() && got < 16; ++h) {
      if (!a.check(b.takes[h]).admitted) continue;
      a.take(b.takes[h]);
      got += b.takes[h].slots;
    }
    benchmark::DoNotOptimize(a.checkShared({Amount{"licenses", 1}}));
    if (got != 16) state.SkipWithError("not admitted");
  }
}
BENCHMARK(BM_Admit16SlotsAt10kHosts10kReservations)->Unit(benchmark::kMicrosecond);

void BM_ExplainEveryHostAt10kHosts(benchmark::State& state) {
  Big& b = big(false);
  if (!b.state) return state.SkipWithError("setup failed");
  for (auto _ : state) {
    Admission a(*b.state, consumer(7), policy::Period::kPrime, eightCpus);
    size_t blocked = 0;
    for (const HostTake& t : b.takes) blocked += a.blocking(HostTake{t.host, 16, {}}).size();
    benchmark::DoNotOptimize(blocked);
  }
}
BENCHMARK(BM_ExplainEveryHostAt10kHosts)->Unit(benchmark::kMillisecond);

void BM_AddRemoveOneReservation(benchmark::State& state) {
  Big& b = big(false);
  if (!b.state) return state.SkipWithError("setup failed");
  Consumption c{consumer(3), {}, {Amount{"licenses", 1}}};
  for (int h = 0; h < 4; ++h) c.hosts.push_back(HostTake{"host" + std::to_string(h * 997), 4, {}});
  for (auto _ : state) {
    b.state->add(c);
    b.state->remove(c);
  }
}
BENCHMARK(BM_AddRemoveOneReservation)->Unit(benchmark::kMicrosecond);

void BM_ReportOneUserWith10kReservations(benchmark::State& state) {
  Big& b = big(true);
  if (!b.state) return state.SkipWithError("setup failed");
  ReportQuery q;
  q.users = {"user0"};
  size_t rows = 0, bytes = 0;
  for (auto _ : state) {
    auto r = quotaReport(*b.state, q, policy::Period::kPrime, eightCpus);
    std::string text = formatQuotaText(r.rows);
    rows = r.rows.size();
    bytes = text.size();
    benchmark::DoNotOptimize(text);
  }
  state.counters["rows"] = static_cast<double>(rows);
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_ReportOneUserWith10kReservations)->Unit(benchmark::kMillisecond);

// The master's whole answer to `lsquota` (the quotas op) for that user: rows, text, and the
// reply around it, as ReservationService::quotaReply builds it.
void BM_QuotasReplyOneUserWith10kReservations(benchmark::State& state) {
  Big& b = big(true);
  if (!b.state) return state.SkipWithError("setup failed");
  ReportQuery q;
  q.users = {"user0"};
  size_t bytes = 0;
  for (auto _ : state) {
    auto r = quotaReport(*b.state, q, policy::Period::kPrime, eightCpus);
    std::string reply = quotaReplyText(formatQuotaText(r.rows), r.rows.size(), false);
    bytes = reply.size();
    benchmark::DoNotOptimize(reply);
  }
  state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_QuotasReplyOneUserWith10kReservations)->Unit(benchmark::kMillisecond);

// The same user and reservations under per-user and per-project rules without host braces:
// the report a user usually reads (a few rows, whatever they hold).
void BM_ReportOneUserPerUserRules(benchmark::State& state) {
  auto cluster = makeCluster(10000);
  QuotasLoad l = cluster ? loadQuotas(
                               "{\nname per_user\nlimit users {*} to slots=100000\n}\n"
                               "{\nname per_project\nlimit projects {*} to slots=50000\n}\n"
                               "{\nname all\nlimit users * to slots=1000000\n}\n",
                               "q", *cluster, nullptr)
                         : QuotasLoad{};
  if (!cluster || l.errors() != 0) return state.SkipWithError("setup failed");
  QuotaState qs(std::make_shared<const QuotaConfig>(std::move(l.config)));
  for (int i = 0; i < 10000; ++i)
    qs.add(Consumption{consumer(0), {HostTake{"host" + std::to_string(i), 2, {}}}, {}});
  ReportQuery q;
  q.users = {"user0"};
  size_t rows = 0;
  for (auto _ : state) {
    auto r = quotaReport(qs, q, policy::Period::kPrime, eightCpus);
    benchmark::DoNotOptimize(formatQuotaText(r.rows));
    rows = r.rows.size();
  }
  state.counters["rows"] = static_cast<double>(rows);
}
BENCHMARK(BM_ReportOneUserPerUserRules)->Unit(benchmark::kMicrosecond);

void BM_LoadQuotasAt10kHosts(benchmark::State& state) {
  auto cluster = makeCluster(10000);
  if (!cluster) return state.SkipWithError("setup failed");
  for (auto _ : state) benchmark::DoNotOptimize(loadQuotas(kQuotas, "q", *cluster, nullptr));
}
BENCHMARK(BM_LoadQuotasAt10kHosts)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
