// The reservation metrics: counts and counters of the service, its quota usage shared
// copy-on-write with a scrape, the quota rows of `lsquota -u all` with their filter members as
// labels and memory in bytes, and the bound on quota rows (the fullest stay, the rest are
// counted).
#include "reserve/service_metrics.h"

#include <gtest/gtest.h>

#include "fixture.h"
#include "format/json.h"
#include "quota/quotas_file.h"

namespace openlim::reserve {
namespace {

using format::Json;

using testing::quotasOf;

class ServiceMetrics : public testing::ServiceFixture {
 protected:
  master::ReservationMetrics metrics() {
    return reservationMetrics(service_, policy::Period::kPrime);
  }
  QuotaRows rows(size_t bound = master::kMaxQuotaSeries) {
    auto m = metrics();
    EXPECT_NE(m.quotas, nullptr);
    if (!m.quotas) return {};
    return quotaRows(*m.quotas, m.period, *table_.snapshot(now_), bound);
  }
};

TEST_F(ServiceMetrics, CountsReservationsAndWhyReservesWereRefused) {
  ASSERT_TRUE(call(R"({"op":"reserve","n":2,"caller":"alice"})").find("ok")->asBool());
  Json second = call(R"({"op":"reserve","n":1,"caller":"bob"})");
  ASSERT_TRUE(second.find("ok")->asBool());
  EXPECT_FALSE(call(R"({"op":"reserve","n":99,"caller":"bob"})").find("ok")->asBool());
  call(R"({"op":"release","ids":[")" + second.stringOr("id") + R"("],"caller":"bob"})");
  master::ReservationMetrics m = metrics();
  EXPECT_EQ(m.active, 1u);
  EXPECT_EQ(m.created, 2u);
  EXPECT_EQ(m.released, 1u);
  EXPECT_EQ(m.refusedNoHosts, 1u);
  EXPECT_EQ(m.refusedQuota, 0u);
  EXPECT_EQ(m.quotas, nullptr);
}

TEST_F(ServiceMetrics, QuotaRowsCarryTheFilterMembersAndMemoryInBytes) {
  service_.setQuotas(quotasOf(R"({
  name per_user
  limit users {*} to slots=2
}
{
  name mem
  limit users alice,!bob hosts hostA to mem=1G
})",
                              *table_.config()));
  ASSERT_TRUE(
      call(
          R"({"op":"reserve","n":2,"resreq":"rusage[mem=100]","hosts":["hostA"],"caller":"alice"})")
          .find("ok")
          ->asBool());
  Json refused = call(R"({"op":"reserve","n":1,"caller":"alice"})");
  EXPECT_EQ(refused.stringOr("code"), "noteligible");
  EXPECT_EQ(metrics().refusedQuota, 1u);
  QuotaRows q = rows();
  ASSERT_EQ(q.rows.size(), 2u);
  const master::QuotaSeries& slots = q.rows[0];
  EXPECT_EQ(slots.set, "per_user");
  EXPECT_EQ(slots.rule, "1");
  EXPECT_EQ(slots.resource, "slots");
  EXPECT_EQ(slots.users, "alice");
  EXPECT_EQ(slots.hosts, "");
  EXPECT_EQ(slots.used, 2);
  EXPECT_EQ(slots.limit, 2);
  const master::QuotaSeries& mem = q.rows[1];
  EXPECT_EQ(mem.set, "mem");
  EXPECT_EQ(mem.users, "alice,!bob");
  EXPECT_EQ(mem.hosts, "hostA");
  EXPECT_EQ(mem.used, 200.0 * 1024 * 1024);
  EXPECT_EQ(mem.limit, 1024.0 * 1024 * 1024);
  EXPECT_EQ(q.omitted, 0u);
}

TEST_F(ServiceMetrics, QuotaRowsBeyondTheBoundAreCountedAndTheFullestStay) {
  service_.setQuotas(
      quotasOf("{\n  name per_user\n  limit users {*} to slots=4\n}\n", *table_.config()));
  // u0 holds 1 of 4, u1 2, u2 3: with room for two rows, u1 and u2 stay.
  for (int u = 0; u < 3; ++u)
    ASSERT_TRUE(call(R"({"op":"reserve","n":)" + std::to_string(u + 1) + R"(,"caller":"u)" +
                     std::to_string(u) + R"("})")
                    .find("ok")
                    ->asBool());
  QuotaRows q = rows(2);
  ASSERT_EQ(q.rows.size(), 2u);
  EXPECT_EQ(q.rows[0].users, "u1");
  EXPECT_EQ(q.rows[1].users, "u2");
  EXPECT_EQ(q.omitted, 1u);
  EXPECT_EQ(rows().rows.size(), 3u);
}

TEST_F(ServiceMetrics, AScrapesQuotaUsageNeverChangesUnderIt) {
  service_.setQuotas(
      quotasOf("{\n  name per_user\n  limit users {*} to slots=4\n}\n", *table_.config()));
  ASSERT_TRUE(call(R"({"op":"reserve","n":1,"caller":"alice"})").find("ok")->asBool());
  master::ReservationMetrics held = metrics();  // a scrape holds the usage
  const quota::QuotaState* before = held.quotas.get();
  ASSERT_TRUE(call(R"({"op":"reserve","n":2,"caller":"alice"})").find("ok")->asBool());
  QuotaRows old = quotaRows(*held.quotas, held.period, *table_.snapshot(now_));
  ASSERT_EQ(old.rows.size(), 1u);
  EXPECT_EQ(old.rows[0].used, 1);  // what it was given
  ASSERT_EQ(rows().rows.size(), 1u);
  EXPECT_EQ(rows().rows[0].used, 3);  // the service changed a copy
  EXPECT_NE(service_.quotas(), before);
  // Nobody holds it any more: changed in place again.
  held = {};
  const quota::QuotaState* now = service_.quotas();
  ASSERT_TRUE(call(R"({"op":"reserve","n":1,"caller":"bob"})").find("ok")->asBool());
  EXPECT_EQ(service_.quotas(), now);
}

}  // namespace
}  // namespace openlim::reserve
