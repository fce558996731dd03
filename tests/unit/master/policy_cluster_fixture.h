#pragma once
// A small cluster for the master's policy and placement tests: genericCluster (one Generic
// model of type LINUX86 with the named hosts, generic_cluster.h), and lsf.policies text
// compiled against it (a policy error fails the test that wrote it).

#include <gtest/gtest.h>

#include <memory>

#include "generic_cluster.h"
#include "openlim/config.h"
#include "policy/policy_config.h"

namespace openlim::testing {

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
