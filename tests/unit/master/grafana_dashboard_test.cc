// The shipped Grafana dashboard (packaging/grafana/openlim.json) queries only metrics the lim
// exports: every openlim_ name in its expressions is one the writer emits, when it has
// something of each kind to show (a host table, elims with dropped lines, requests).
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "format/json.h"
#include "generic_cluster.h"
#include "master/load_table.h"
#include "master/metrics.h"
#include "quota/quota_state.h"
#include "quota/quotas_file.h"
#include "reserve/service_metrics.h"

namespace openlim::master {
namespace {

// Every sample name of a scrape with something in every family.
std::set<std::string> emittedNames() {
  auto c = testing::genericHosts({"hostA"}, "X86");
  c->resources.push_back(
      {.name = "scratch", .type = ResourceType::kNumeric, .interval = 15, .dynamic = true});
  c->params.exInterval = 10;
  c->params.hostInactivityLimit = 3;
  LoadTable table(c);
  protocol::LoadReport r{.host = "hostA"};
  r.numbers = {{"r1m", 1, 0}, {"ut", 0.5, 0}, {"mem", 100, 0}, {"scratch", 4, 2}};
  table.ingest(r, 10);
  MetricsInput in;
  in.isMaster = true;
  in.requests.record("load", 0.001, true);
  table.hold("hostA", 1, {}, 10);
  auto res = std::make_shared<ReservationMetrics>();
  quota::QuotasLoad l =
      quota::loadQuotas("{\n name s\n limit users {*} to slots=2\n}\n", "lsf.quotas", *c, nullptr);
  auto state = std::make_shared<quota::QuotaState>(std::make_shared<quota::QuotaConfig>(l.config));
  state->add(quota::Consumption{.who = {.user = "u"}, .hosts = {{"hostA", 1, {}}}});
  res->quotas = state;
  res->quotaRows = reserve::quotaRowsOf(state, res->period);
  in.reservations = res;
  in.table = table.snapshot(10);
  in.melim.statusJson =
      R"({"elims":[{"name":"elim.a","state":"running","starts":2,"deaths":1,"accepted":3,)"
      R"("last_line_age":1,"dropped":{"syntax":1}}]})";
  std::set<std::string> names;
  std::istringstream lines(writeMetrics(in, 0));
  std::string line;
  while (std::getline(lines, line))
    if (!line.empty() && line[0] != '#') names.insert(line.substr(0, line.find_first_of("{ ")));
  return names;
}

// The openlim_ names in a PromQL expression (identifiers; label names never start so).
std::set<std::string> metricNames(const std::string& expr) {
  std::set<std::string> out;
  auto ident = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
  for (size_t i = 0; i < expr.size();) {
    if (!ident(expr[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < expr.size() && ident(expr[j])) ++j;
    std::string word = expr.substr(i, j - i);
    if (word.rfind("openlim_", 0) == 0) out.insert(word);
    i = j;
  }
  return out;
}

// Every panel query ("expr") and query variable ("definition") anywhere in the dashboard.
void collectExpressions(const format::Json& j, std::vector<std::string>* out) {
  std::vector<const format::Json*> stack{&j};  // explicit stack: no recursion on input depth
  while (!stack.empty()) {
    const format::Json* n = stack.back();
    stack.pop_back();
    if (n->isArray())
      for (const auto& item : n->items()) stack.push_back(&item);
    if (!n->isObject()) continue;
    for (const auto& [key, value] : n->members()) {
      if ((key == "expr" || key == "definition") && value.isString())
        out->push_back(value.asString());
      else
        stack.push_back(&value);
    }
  }
}

TEST(GrafanaDashboard, QueriesOnlyMetricsTheLimExports) {
  std::ifstream f(std::string(OPENLIM_SOURCE_DIR) + "/packaging/grafana/openlim.json");
  ASSERT_TRUE(f) << "packaging/grafana/openlim.json missing";
  std::stringstream ss;
  ss << f.rdbuf();
  auto dash = format::parseJson(ss.str());
  ASSERT_TRUE(dash) << dash.status().message();
  std::vector<std::string> exprs;
  collectExpressions(*dash, &exprs);
  const std::set<std::string> emitted = emittedNames();
  ASSERT_GT(exprs.size(), 10u);
  std::set<std::string> used;
  for (const auto& e : exprs) {
    std::set<std::string> names = metricNames(e);
    EXPECT_FALSE(names.empty()) << "no openlim metric in: " << e;
    for (const auto& n : names) {
      EXPECT_TRUE(emitted.count(n)) << n << " is not exported (in: " << e << ")";
      used.insert(n);
    }
  }
  // The dashboard covers the main areas: hosts' load, ingest, requests, elims, liveness.
  for (const char* want :
       {"openlim_host_load_index", "openlim_host_status", "openlim_reports_received_total",
        "openlim_request_duration_seconds_bucket", "openlim_elim_restarts_total",
        "openlim_loop_last_turn_age_seconds"})
    EXPECT_TRUE(used.count(want)) << want;
}

TEST(GrafanaDashboard, NameExtractionSeesEveryMetricOfAnExpression) {
  EXPECT_EQ(metricNames(R"(sum by (op, le) (rate(openlim_a_bucket{job="$job"}[5m])) / )"
                        R"(openlim_b_total)"),
            (std::set<std::string>{"openlim_a_bucket", "openlim_b_total"}));
}

}  // namespace
}  // namespace openlim::master
