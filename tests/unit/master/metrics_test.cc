// The metrics writer: the master's host table, counters, requests and elims in, Prometheus
// text (0.0.4) out. Unknown values are absent (never 0), label values are escaped, every
// family has HELP and TYPE before its samples and appears once, histograms are cumulative.
#include "master/metrics.h"

#include <gtest/gtest.h>

#include "reserve/service_metrics.h"

#include <map>
#include <set>
#include <sstream>

#include "generic_cluster.h"
#include "master/load_table.h"
#include "quota/quota_state.h"
#include "quota/quotas_file.h"

namespace openlim::master {
namespace {

ConfigPtr makeConfig(std::vector<std::string> hosts) {
  return testing::metricsCluster(hosts);
}

protocol::LoadReport report(const std::string& host, double r1m) {
  protocol::LoadReport r{.host = host, .checksum = "sum1"};
  r.numbers = {{"r1m", r1m, 0}, {"mem", 800, 0}, {"scratch", 42, 3}};
  return r;
}

MetricsInput inputFor(LoadTable& table, double now) {
  MetricsInput in;
  in.cluster = "demo";
  in.host = "hostA";
  in.master = "hostA";
  in.isMaster = true;
  in.table = table.snapshot(now);
  return in;
}

bool hasLine(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

TEST(Metrics, HostLoadIndicesAreGaugesByHostAndIndex) {
  LoadTable table(makeConfig({"hostA", "hostB"}));
  table.ingest(report("hostA", 0.5), 100);
  std::string text = writeMetrics(inputFor(table, 100), 0.01);
  EXPECT_TRUE(hasLine(text, "# TYPE openlim_host_load_index gauge"));
  EXPECT_TRUE(hasLine(text, R"(openlim_host_load_index{host="hostA",index="r1m"} 0.5)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_host_load_index{host="hostA",index="mem"} 800)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_host_value_age_seconds{host="hostA"} 3)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_host_status{host="hostA",status="ok"} 1)"));
  EXPECT_EQ(text.find(R"(openlim_host_status{host="hostA",status="unavail"})"), std::string::npos);
  EXPECT_TRUE(hasLine(text, "openlim_hosts 2"));
}

TEST(Metrics, UnknownValuesAreAbsentNotZero) {
  LoadTable table(makeConfig({"hostA", "hostB"}));
  table.ingest(report("hostA", 0.5), 100);  // hostB never reported; hostA sent no r15s
  std::string text = writeMetrics(inputFor(table, 100), 0);
  EXPECT_EQ(text.find(R"(openlim_host_load_index{host="hostB")"), std::string::npos);
  EXPECT_EQ(text.find(R"(index="r15s")"), std::string::npos);
  EXPECT_EQ(text.find("NaN"), std::string::npos);
  EXPECT_TRUE(hasLine(text, R"(openlim_host_status{host="hostB",status="unavail"} 1)"));
  EXPECT_EQ(text.find(R"(openlim_host_value_age_seconds{host="hostB")"), std::string::npos);
}

TEST(Metrics, HostNamesAreEscapedInLabels) {
  LoadTable table(makeConfig({"we\"ird\\host"}));
  table.ingest(report("we\"ird\\host", 1), 100);
  std::string text = writeMetrics(inputFor(table, 100), 0);
  EXPECT_TRUE(hasLine(text, R"(openlim_host_load_index{host="we\"ird\\host",index="r1m"} 1)"));
}

TEST(Metrics, NoHostMetricsWithoutTheMastersTable) {
  MetricsInput in;
  in.host = "hostB";
  std::string text = writeMetrics(in, 0.5);
  EXPECT_EQ(text.find("openlim_host_"), std::string::npos);
  EXPECT_TRUE(hasLine(text, "openlim_is_master 0"));
  EXPECT_TRUE(hasLine(text, "openlim_loop_last_turn_age_seconds 0.5"));
}

TEST(Metrics, IngestCountersAreTotals) {
  MetricsInput in;
  in.counters.reportsReceived = 7;
  in.counters.authBadMac = 2;
  in.counters.authUnsigned = 1;
  in.counters.replays = 3;
  std::string text = writeMetrics(in, 0);
  EXPECT_TRUE(hasLine(text, "# TYPE openlim_reports_received_total counter"));
  EXPECT_TRUE(hasLine(text, "openlim_reports_received_total 7"));
  EXPECT_TRUE(hasLine(text, R"(openlim_auth_failures_total{reason="bad_mac"} 2)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_auth_failures_total{reason="unsigned"} 1)"));
  EXPECT_TRUE(hasLine(text, "openlim_replays_total 3"));
}

TEST(Metrics, RequestLatencyIsACumulativeHistogramByOp) {
  MetricsInput in;
  in.requests.record("load", 0.0003, true);
  in.requests.record("load", 0.002, true);
  in.requests.record("load", 5, false);
  in.requests.record("made-up op", 0.001, false);
  std::string text = writeMetrics(in, 0);
  EXPECT_TRUE(hasLine(text, "# TYPE openlim_request_duration_seconds histogram"));
  EXPECT_TRUE(hasLine(text, R"(openlim_request_duration_seconds_bucket{op="load",le="0.0001"} 0)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_request_duration_seconds_bucket{op="load",le="0.0005"} 1)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_request_duration_seconds_bucket{op="load",le="0.0025"} 2)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_request_duration_seconds_bucket{op="load",le="1"} 2)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_request_duration_seconds_bucket{op="load",le="+Inf"} 3)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_request_duration_seconds_count{op="load"} 3)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_requests_total{op="load"} 3)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_request_errors_total{op="load"} 1)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_requests_total{op="other"} 1)"));
  EXPECT_EQ(text.find("made-up"), std::string::npos);
}

TEST(Metrics, ElimStateRestartsAndDropsFromMelimsStatusLine) {
  MetricsInput in;
  in.host = "hostA";
  in.melim.wanted = in.melim.running = true;
  in.melim.state = "running";
  in.melim.restarts = 2;
  in.melim.statusJson =
      R"({"type":"melim_status","version":1,"time":1,"elims":[{"name":"elim.\"x\"",)"
      R"("state":"backoff","pid":0,"starts":4,"deaths":3,"last_exit":{"code":1},)"
      R"("last_line_age":2.5,"accepted":10,"dropped":{"syntax":2,"overlong":1},)"
      R"("ignored_pairs":0,"conflicts":0,"conflict_names":[],"stderr_lines":0}],"values":[]})";
  std::string text = writeMetrics(in, 0);
  EXPECT_TRUE(hasLine(text, R"(openlim_melim_state{host="hostA",state="running"} 1)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_melim_state{host="hostA",state="gave_up"} 0)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_melim_restarts_total{host="hostA"} 2)"));
  const std::string elim = R"(host="hostA",elim="elim.\"x\"")";
  EXPECT_TRUE(hasLine(text, "openlim_elim_state{" + elim + R"(,state="backoff"} 1)"));
  EXPECT_TRUE(hasLine(text, "openlim_elim_restarts_total{" + elim + "} 3"));
  EXPECT_TRUE(hasLine(text, "openlim_elim_lines_dropped_total{" + elim + R"(,reason="syntax"} 2)"));
  EXPECT_TRUE(
      hasLine(text, "openlim_elim_lines_dropped_total{" + elim + R"(,reason="overlong"} 1)"));
  EXPECT_TRUE(hasLine(text, "openlim_elim_last_line_age_seconds{" + elim + "} 2.5"));
  EXPECT_TRUE(hasLine(text, R"(openlim_melim_status_unparsed{host="hostA"} 0)"));
}

TEST(Metrics, AnUnreadableStatusLineGivesNoElimMetrics) {
  MetricsInput in;
  in.host = "hostA";
  in.melim.statusJson = R"({"elims":[{"name":"e")";
  std::string text = writeMetrics(in, 0);
  EXPECT_TRUE(hasLine(text, R"(openlim_melim_status_unparsed{host="hostA"} 1)"));
  EXPECT_EQ(text.find("openlim_elim_state{"), std::string::npos);
}

// Counters, and quota usage where user `al"ice` holds 2 of her 4 slots.
std::shared_ptr<const ReservationMetrics> reservationsWithQuota(const ConfigSnapshot& c) {
  auto r = std::make_shared<ReservationMetrics>();
  r->active = 3;
  r->created = 5;
  r->released = 1;
  r->expired = 1;
  r->refusedQuota = 2;
  quota::QuotasLoad l = quota::loadQuotas("{\n name per_user\n limit users {*} to slots=4\n}\n",
                                          "lsf.quotas", c, nullptr);
  EXPECT_EQ(l.errors(), 0);
  auto state = std::make_shared<quota::QuotaState>(std::make_shared<quota::QuotaConfig>(l.config));
  state->add(quota::Consumption{.who = {.user = "al\"ice"}, .hosts = {{"hostA", 2, {}}}});
  r->quotas = state;
  r->quotaRows = reserve::quotaRowsOf(state, r->period);
  return r;
}

TEST(Metrics, ReservationsCountsReservedSlotsPerHostAndQuotaUsage) {
  LoadTable table(makeConfig({"hostA", "hostB"}));
  table.ingest(report("hostA", 0.5), 100);
  table.ingest(report("hostB", 0.5), 100);
  table.hold("hostB", 3, {}, 100);
  MetricsInput in = inputFor(table, 100);
  in.reservations = reservationsWithQuota(*table.config());
  std::string text = writeMetrics(in, 0);
  EXPECT_TRUE(hasLine(text, "openlim_reservations 3"));
  EXPECT_TRUE(hasLine(text, "openlim_reservations_created_total 5"));
  EXPECT_TRUE(hasLine(text, "openlim_reservations_expired_total 1"));
  EXPECT_TRUE(hasLine(text, R"(openlim_reservations_denied_total{reason="quota"} 2)"));
  EXPECT_TRUE(hasLine(text, R"(openlim_reservations_denied_total{reason="no_hosts"} 0)"));
  // Only hosts holding something, and the cluster's total.
  EXPECT_TRUE(hasLine(text, R"(openlim_host_reserved_slots{host="hostB"} 3)"));
  EXPECT_EQ(text.find(R"(openlim_host_reserved_slots{host="hostA"})"), std::string::npos);
  EXPECT_TRUE(hasLine(text, "openlim_reserved_slots 3"));
  EXPECT_TRUE(hasLine(text, "openlim_quotas_loaded 1"));
  EXPECT_TRUE(hasLine(
      text, R"(openlim_quota_used{set="per_user",rule="1",resource="slots",users="al\"ice",)"
            R"(projects="",pes="",queues="",hosts=""} 2)"));
  EXPECT_TRUE(hasLine(
      text, R"(openlim_quota_limit{set="per_user",rule="1",resource="slots",users="al\"ice",)"
            R"(projects="",pes="",queues="",hosts=""} 4)"));
  EXPECT_TRUE(hasLine(text, "openlim_quota_series_omitted 0"));
  // Without lsf.quotas: no rows.
  auto none = std::make_shared<ReservationMetrics>();
  in.reservations = none;
  text = writeMetrics(in, 0);
  EXPECT_TRUE(hasLine(text, "openlim_quotas_loaded 0"));
  EXPECT_EQ(text.find("openlim_quota_used{"), std::string::npos);
}

TEST(Metrics, NoReservationMetricsOffTheMaster) {
  MetricsInput in;
  EXPECT_EQ(writeMetrics(in, 0).find("openlim_reservations"), std::string::npos);
}

// The format's rules: each family once, HELP then TYPE before its samples, every sample's
// name its family's (a histogram's with _bucket, _sum, _count), the prefix openlim_.
TEST(Metrics, EveryFamilyIsDeclaredOnceBeforeItsSamples) {
  LoadTable table(makeConfig({"hostA", "hostB"}));
  table.ingest(report("hostA", 0.5), 100);
  MetricsInput in = inputFor(table, 100);
  in.requests.record("place", 0.01, true);
  in.reservations = reservationsWithQuota(*table.config());
  std::string text = writeMetrics(in, 0);
  std::istringstream lines(text);
  std::string line, family, type;
  std::set<std::string> seen;
  bool helped = false;
  while (std::getline(lines, line)) {
    ASSERT_FALSE(line.empty());
    if (line.rfind("# HELP ", 0) == 0) {
      family = line.substr(7, line.find(' ', 7) - 7);
      EXPECT_TRUE(seen.insert(family).second) << family << " declared twice";
      EXPECT_EQ(family.rfind("openlim_", 0), 0u) << family;
      helped = true;
      continue;
    }
    if (line.rfind("# TYPE ", 0) == 0) {
      EXPECT_TRUE(helped);
      EXPECT_EQ(line.substr(7, family.size()), family);
      type = line.substr(8 + family.size());
      helped = false;
      continue;
    }
    std::string name = line.substr(0, line.find_first_of("{ "));
    if (type == "histogram") {
      EXPECT_TRUE(name == family + "_bucket" || name == family + "_sum" ||
                  name == family + "_count")
          << line;
    } else {
      EXPECT_EQ(name, family) << line;
    }
    if (type == "counter") {
      EXPECT_TRUE(name.ends_with("_total")) << line;
    }
  }
  EXPECT_GT(seen.size(), 20u);
}

}  // namespace
}  // namespace openlim::master
