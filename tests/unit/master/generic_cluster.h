#pragma once
// Hand-built configurations for the tests of the master, the node and the reservations: they
// all start from the built-in resources, one model "Generic" and a few hosts of it. Each
// builder sets only what it names, so a test states the rest (cluster name, checksum,
// parameters) where it matters to what it asserts.

#include <memory>
#include <string>
#include <vector>

#include "config/builtins.h"
#include "openlim/config.h"

namespace openlim::testing {

// The built-in resources, one model "Generic" (CPU factor 100, no architecture) and `hosts`
// of that model and of `type`. No cluster name, checksum or host type list.
inline std::shared_ptr<ConfigSnapshot> genericHosts(const std::vector<std::string>& hosts,
                                                    const std::string& type = "LINUX86") {
  auto c = std::make_shared<ConfigSnapshot>();
  c->resources = config::builtinResources();
  c->models.push_back({.name = "Generic", .cpuFactor = 100});
  for (const auto& h : hosts) c->hosts.push_back({.name = h, .model = "Generic", .type = type});
  return c;
}

// genericHosts in cluster "test" with checksum "sum1", the model's architecture x86_64 and
// LINUX86 the one host type.
inline std::shared_ptr<ConfigSnapshot> genericCluster(const std::vector<std::string>& hosts) {
  auto c = genericHosts(hosts);
  c->clusterName = "test";
  c->checksum = "sum1";
  c->models[0].architecture = "x86_64";
  c->hostTypes = {"LINUX86"};
  return c;
}

// host0 .. host<n-1>.
inline std::vector<std::string> numberedHosts(int n) {
  std::vector<std::string> names;
  for (int i = 0; i < n; ++i) names.push_back("host" + std::to_string(i));
  return names;
}

// A numeric index an elim reports every 15 s; `shared`: one value per instance.
inline ResourceDef dynamicNumeric(const std::string& name, Direction direction,
                                  bool shared = false) {
  return {.name = name,
          .type = ResourceType::kNumeric,
          .direction = direction,
          .interval = 15,
          .dynamic = true,
          .shared = shared};
}

// The metrics tests' cluster: `hosts` of type X86, checksum "sum1", a dynamic per-host
// decreasing "scratch", EXINTERVAL 10 and HOST_INACTIVITY_LIMIT 3.
inline std::shared_ptr<ConfigSnapshot> metricsCluster(const std::vector<std::string>& hosts) {
  auto c = genericHosts(hosts, "X86");
  c->checksum = "sum1";
  c->resources.push_back(dynamicNumeric("scratch", Direction::kDecreasing));
  c->params.exInterval = 10;
  c->params.hostInactivityLimit = 3;
  return c;
}

}  // namespace openlim::testing
