#pragma once
// A three-host cluster for the reservation tests: hostA (4 CPUs), hostB (2), hostC (1),
// mem per host and a shared `licenses` instance of 10 over hostA and hostB.

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "../master/generic_cluster.h"
#include "format/json.h"
#include "master/load_table.h"
#include "openlim/config.h"
#include "quota/quotas_file.h"
#include "reserve/reservation.h"
#include "reserve/service.h"

namespace openlim::reserve::testing {

inline ConfigPtr makeConfig() {
  auto c = openlim::testing::genericCluster({"hostA", "hostB", "hostC"});
  c->resources.push_back({.name = "licenses",
                          .type = ResourceType::kNumeric,
                          .direction = Direction::kDecreasing,
                          .consumable = true,
                          .shared = true});
  c->instances.push_back(
      {.resource = "licenses", .hosts = {"hostA", "hostB"}, .staticNumber = 10.0});
  c->admins = {"lsfadmin"};
  c->params.exInterval = 10;
  c->buildIndexes();
  return c;
}

// Every host reports at `now`: ncpus 4/2/1, mem 4000 MB each, idle.
inline void reportAll(master::LoadTable& t, double now) {
  double cpus[] = {4, 2, 1};
  const char* names[] = {"hostA", "hostB", "hostC"};
  for (int i = 0; i < 3; ++i) {
    protocol::LoadReport r{.host = names[i], .checksum = "sum1"};
    r.numbers = {{"r15s", 0, 0},   {"r1m", 0.1 * i, 0},   {"r15m", 0, 0},     {"ut", 0, 0},
                 {"mem", 4000, 0}, {"ncpus", cpus[i], 0}, {"maxmem", 8000, 0}};
    t.ingest(r, now);
  }
}

inline Reservation simple(const std::string& id, const std::string& user, double expires,
                          const std::string& host = "hostA", int slots = 1) {
  Reservation r;
  r.id = id;
  r.labels.user = user;
  r.slots.assign(static_cast<size_t>(slots), host);
  r.hosts.push_back({host, slots, {{"mem", 100.0 * slots, false}}});
  r.created = 0;
  r.expires = expires;
  r.master = "hostA";
  return r;
}

// lsf.quotas text loaded against `c`; a test's quota text has no errors.
inline quota::QuotaConfigPtr quotasOf(const std::string& text, const ConfigSnapshot& c) {
  quota::QuotasLoad l = quota::loadQuotas(text, "lsf.quotas", c, nullptr);
  EXPECT_EQ(l.errors(), 0) << (l.diagnostics.empty() ? "" : l.diagnostics[0].toString());
  return std::make_shared<const quota::QuotaConfig>(std::move(l.config));
}

// The reservation service of hostA as the master, over the table above (reported at 1):
// call() hands it a signed request and parses its reply.
class ServiceFixture : public ::testing::Test {
 protected:
  ServiceFixture() : table_(makeConfig()), service_("hostA") { reportAll(table_, 1); }
  format::Json call(const std::string& req) {
    auto parsed = format::parseJson(req);
    EXPECT_TRUE(parsed.isOk()) << req;
    ServiceContext ctx{{table_.snapshot(now_), "hostA", &cache_, &table_, now_}, wall_, true};
    auto reply =
        format::parseJson(service_.handle(parsed->stringOr("op"), *parsed, ctx, &fx_).body);
    return reply ? *reply : format::Json();
  }
  const ConfigSnapshot& config() { return *table_.config(); }

  master::LoadTable table_;
  RequestCache cache_;
  ReservationService service_;
  Effects fx_;
  double now_ = 2, wall_ = 1000;
};

}  // namespace openlim::reserve::testing
