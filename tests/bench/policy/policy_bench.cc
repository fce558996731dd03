// A policy of three constraints (an averaged index, a regular expression, a computed NLB
// name) and a sort over 10k and 100k hosts, on the master's path: the query service's
// answerPolicy (decode done, evaluate, reply model) and the evaluator alone. Run Release:
//   policy_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include <map>
#include <random>

#include "master/query_service.h"
#include "policy/policy_config.h"
#include "policy_fixture.h"

namespace openlim {
namespace {

constexpr const char* kPolicies = R"(policy: bench
constraint: A_ut < 0.7
constraint: [NLB_HARDWARE == "cray|sun"]
constraint: NLB_FREEMEM > 1048576
sort: NLB_IDLECPU * NLB_NCPUS
policy: bench16
constraint: A_ut < 0.7
constraint: [NLB_HARDWARE == "cray|sun"]
constraint: NLB_FREEMEM > 1048576
sort: NLB_IDLECPU * NLB_NCPUS
count: 16
)";

std::shared_ptr<ConfigSnapshot> makeConfig() {
  auto base = policy::testing::policyConfig();
  auto c = std::make_shared<ConfigSnapshot>(*base);
  policy::PoliciesLoad l = policy::parsePolicies(kPolicies, "bench");
  auto pc = std::make_shared<policy::PolicyConfig>();
  pc->engine = policy::PolicyEngine::compile(*c, l.set, "bench").engine;
  c->policies = pc;
  return c;
}

const ConfigPtr& config() {
  static ConfigPtr c = makeConfig();
  return c;
}

HostTablePtr table(size_t n) {
  static std::map<size_t, HostTablePtr> tables;
  if (auto it = tables.find(n); it != tables.end()) return it->second;
  std::mt19937 rng(42);
  auto u = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  };
  testing::TableBuilder b(config());
  HostTable& t = b.table();
  t.resize(n);
  const char* hw[] = {"CRAY J90", "sun4u", "x86_64", "aarch64"};
  for (size_t r = 0; r < n; ++r) {
    t.names[r] = "host" + std::to_string(r);
    t.status[r] = u(0, 1) < 0.95 ? HostStatus::kOk : HostStatus::kBusy;
    b.set(r, "ut", u(0, 1));
    b.set(r, "A_ut", u(0, 1));
    b.set(r, "mem", u(0, 65536));
    b.set(r, "r15s", u(0, 8));
    b.set(r, "ncpus", static_cast<double>(1 << static_cast<int>(u(0, 6))));
    b.set(r, "NLB_HARDWARE", std::string(hw[static_cast<int>(u(0, 4))]));
    t.reportedAt[r] = -u(0, 100);
  }
  t.indexRows(config()->resourceIndex("cpuf"));
  return tables.emplace(n, std::make_shared<HostTable>(b.build())).first->second;
}

void answer(benchmark::State& state, const char* policyName) {
  HostTablePtr t = table(static_cast<size_t>(state.range(0)));
  RequestCache cache;
  master::QueryContext ctx{t, "host0", &cache, nullptr, 0};
  ctx.local = policy::LocalTime{2026, 11, 25, 12, 0};
  ctx.wallNow = 1.7e9;
  master::PolicyQuery q;
  q.policy = policyName;
  size_t returned = 0;
  for (auto _ : state) {
    auto r = master::answerPolicy(q, ctx);
    if (!r) {
      state.SkipWithError(r.status().message().c_str());
      return;
    }
    returned = r->doc.find("hosts")->size();
    benchmark::DoNotOptimize(r->doc);
  }
  state.counters["hosts"] = static_cast<double>(t->size());
  state.counters["returned"] = static_cast<double>(returned);
}

void evaluateOnly(benchmark::State& state, const char* policyName) {
  HostTablePtr t = table(static_cast<size_t>(state.range(0)));
  const auto& pc = config()->policies;
  policy::PolicyRequest req;
  req.policy = policyName;
  policy::PolicyTime at{policy::LocalTime{2026, 11, 25, 12, 0}, 0, 1.7e9};
  size_t returned = 0;
  for (auto _ : state) {
    auto r = policy::evaluatePolicy(*pc->engine, pc->calendar, *t, req, at);
    returned = r->rows.size();
    benchmark::DoNotOptimize(r->rows.data());
  }
  state.counters["returned"] = static_cast<double>(returned);
}

void BM_AnswerPolicyAllPassing(benchmark::State& s) {
  answer(s, "bench");
}
void BM_AnswerPolicyCount16(benchmark::State& s) {
  answer(s, "bench16");
}
void BM_EvaluatePolicyAllPassing(benchmark::State& s) {
  evaluateOnly(s, "bench");
}
void BM_EvaluatePolicyCount16(benchmark::State& s) {
  evaluateOnly(s, "bench16");
}
BENCHMARK(BM_AnswerPolicyAllPassing)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AnswerPolicyCount16)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_EvaluatePolicyAllPassing)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_EvaluatePolicyCount16)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace openlim

BENCHMARK_MAIN();
