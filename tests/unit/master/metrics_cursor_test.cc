// The scrape body written in slices (master::MetricsCursor): whatever the budget, the slices
// put together are the body written in one go, a slice past the lim's own part holds about
// its budget of samples, and every call makes progress.
#include "master/metrics_cursor.h"

#include <gtest/gtest.h>

#include "reserve/service_metrics.h"

#include <sstream>

#include "generic_cluster.h"
#include "master/load_table.h"
#include "quota/quota_state.h"
#include "quota/quotas_file.h"

namespace openlim::master {
namespace {

ConfigPtr makeConfig(int hosts) {
  return testing::metricsCluster(testing::numberedHosts(hosts));
}

// `hosts` hosts, all but the last reporting (one row of unknown values), every third holding
// slots, and a quota rule with usage: every section of the body has rows.
struct Cluster {
  explicit Cluster(int hosts) : table(makeConfig(hosts)) {
    for (int i = 0; i + 1 < hosts; ++i) {
      protocol::LoadReport r{.host = "host" + std::to_string(i), .checksum = "sum1"};
      r.numbers = {{"r1m", 0.1 * i, 0}, {"mem", 800, 0}, {"scratch", 42, 3}};
      table.ingest(r, 100);
      if (i % 3 == 0) table.hold(r.host, 1 + i % 2, {}, 100);
    }
    in.cluster = "demo";
    in.host = in.master = "host0";
    in.isMaster = true;
    in.table = table.snapshot(100);
    in.requests.record("load", 0.002, true);
    auto res = std::make_shared<ReservationMetrics>();
    res->active = 4;
    quota::QuotasLoad l = quota::loadQuotas("{\n name per_user\n limit users {*} to slots=4\n}\n",
                                            "lsf.quotas", *table.config(), nullptr);
    auto state =
        std::make_shared<quota::QuotaState>(std::make_shared<quota::QuotaConfig>(l.config));
    state->add(quota::Consumption{.who = {.user = "alice"}, .hosts = {{"host0", 2, {}}}});
    res->quotas = state;
    res->quotaRows = reserve::quotaRowsOf(state, res->period);
    in.reservations = res;
  }
  LoadTable table;
  MetricsInput in;
};

// The slices of one body at `budget`, in order.
std::vector<std::string> slices(const MetricsInput& in, size_t budget) {
  MetricsCursor cursor(in, 0.25);
  std::vector<std::string> out;
  bool done = false;
  while (!done) {
    out.emplace_back();
    done = cursor.writeSome(out.back(), budget);
    EXPECT_LT(out.size(), 100000u) << "no progress";
    if (out.size() >= 100000u) break;
  }
  return out;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string all;
  for (const auto& p : parts) all += p;
  return all;
}

size_t sampleLines(const std::string& text) {
  std::istringstream lines(text);
  size_t n = 0;
  for (std::string line; std::getline(lines, line);)
    if (!line.empty() && line[0] != '#') ++n;
  return n;
}

TEST(MetricsCursor, SlicesPutTogetherAreTheWholeBody) {
  Cluster c(23);
  const std::string whole = writeMetrics(c.in, 0.25);
  ASSERT_NE(whole.find("openlim_host_reserved_slots{host=\"host3\"} 2"), std::string::npos);
  ASSERT_NE(whole.find("openlim_quota_used{"), std::string::npos);
  for (size_t budget : {1, 2, 3, 7, 20, 64, 1000}) {
    const std::vector<std::string> parts = slices(c.in, budget);
    EXPECT_EQ(joined(parts), whole) << "budget " << budget;
    if (budget <= 7) {
      EXPECT_GT(parts.size(), 23u) << "budget " << budget;
    }
  }
  EXPECT_EQ(slices(c.in, SIZE_MAX).size(), 1u);  // no budget: one go
}

TEST(MetricsCursor, WithoutTableOrReservationsTheLimsOwnPartIsOneStep) {
  MetricsInput in;
  in.host = "hostB";
  const std::vector<std::string> parts = slices(in, 1);
  EXPECT_EQ(parts.size(), 1u);
  EXPECT_EQ(parts[0], writeMetrics(in, 0.25));
  EXPECT_NE(parts[0].find("openlim_is_master 0"), std::string::npos);
}

// Past the first slice (the lim's own part, small and fixed), a slice holds at most its
// budget and one host's samples (a host's load indices are written together), and a
// section's head: the loop's work per turn is bounded whatever the cluster's size.
TEST(MetricsCursor, HostSlicesHoldAboutTheirBudget) {
  Cluster c(200);
  c.in.reservations.reset();  // its tail's quota rows are one step, bounded on their own
  // The most samples one row writes: a reporting host's load indices.
  const std::string whole = writeMetrics(c.in, 0.25);
  size_t hostSamples = 0;
  for (size_t at = 0; (at = whole.find("load_index{host=\"host1\",", at)) != std::string::npos;
       ++at)
    ++hostSamples;
  ASSERT_EQ(hostSamples, 3u);  // r1m, mem, scratch
  for (size_t budget : {5, 50, 400}) {
    const std::vector<std::string> parts = slices(c.in, budget);
    ASSERT_GT(parts.size(), 2u);
    for (size_t i = 1; i < parts.size(); ++i)
      EXPECT_LE(sampleLines(parts[i]), budget + hostSamples + 1) << "slice " << i;
  }
}

}  // namespace
}  // namespace openlim::master
