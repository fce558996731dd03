#pragma once
// A three-host cluster for the reservation tests: hostA (4 CPUs), hostB (2), hostC (1),
// mem per host and a shared `licenses` instance of 10 over hostA and hostB.

#include <memory>

#include "config/builtins.h"
#include "master/load_table.h"
#include "openlim/config.h"
#include "reserve/reservation.h"

namespace openlim::reserve::testing {

inline ConfigPtr makeConfig() {
  auto c = std::make_shared<ConfigSnapshot>();
  c->clusterName = "test";
  c->checksum = "sum1";
  c->resources = config::builtinResources();
  c->resources.push_back({.name = "licenses",
                          .type = ResourceType::kNumeric,
                          .direction = Direction::kDecreasing,
                          .consumable = true,
                          .shared = true});
  c->models.push_back({.name = "Generic", .cpuFactor = 100, .architecture = "x86_64"});
  c->hostTypes = {"LINUX86"};
  for (const char* h : {"hostA", "hostB", "hostC"})
    c->hosts.push_back({.name = h, .model = "Generic", .type = "LINUX86"});
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

}  // namespace openlim::reserve::testing
