#pragma once
// A small cluster for the master's policy and placement tests: one Generic model of type
// LINUX86 with the named hosts, and lsf.policies text compiled against it (a policy error
// fails the test that wrote it).

#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>

#include "config/builtins.h"
#include "openlim/config.h"
#include "policy/policy_config.h"

namespace openlim::testing {

inline std::shared_ptr<ConfigSnapshot> genericCluster(std::initializer_list<const char*> hosts) {
  auto c = std::make_shared<ConfigSnapshot>();
  c->clusterName = "test";
  c->checksum = "sum1";
  c->resources = config::builtinResources();
  c->models.push_back({.name = "Generic", .cpuFactor = 100, .architecture = "x86_64"});
  c->hostTypes = {"LINUX86"};
  for (const char* h : hosts)
    c->hosts.push_back({.name = h, .model = "Generic", .type = "LINUX86"});
  return c;
}

// Compiles `text` (lsf.policies) against `c` and installs it as c's policies.
inline void installPolicies(ConfigSnapshot& c, const char* text) {
  auto pc = std::make_shared<policy::PolicyConfig>();
  policy::PoliciesLoad l = policy::parsePolicies(text, "lsf.policies");
  EXPECT_EQ(l.errors(), 0);
  policy::PolicyEngineLoad e = policy::PolicyEngine::compile(c, l.set, "lsf.policies");
  EXPECT_TRUE(e.engine);
  pc->engine = e.engine;
  c.policies = pc;
}

}  // namespace openlim::testing
