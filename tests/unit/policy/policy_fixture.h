#pragma once
// A configuration with the NLB names a site (or the lim) provides declared as ordinary
// resources, and helpers to compile a policies text and evaluate it.

#include <gtest/gtest.h>

#include <string>

#include "../resreq/test_support.h"
#include "policy/policy_eval.h"

namespace openlim::policy::testing {

using openlim::testing::TableBuilder;

inline ResourceDef def(std::string name, ResourceType type, bool dynamic = true) {
  ResourceDef r;
  r.name = std::move(name);
  r.type = type;
  r.dynamic = dynamic && type == ResourceType::kNumeric;
  r.direction = Direction::kDecreasing;
  return r;
}

// The resreq test configuration plus averaged indices, collected NLB values and site values.
inline ConfigPtr policyConfig(bool withAverages = true) {
  auto c = openlim::testing::makeConfig();
  const auto num = ResourceType::kNumeric, str = ResourceType::kString,
             boolean = ResourceType::kBoolean;
  if (withAverages)
    for (const char* n : {"A_ut", "A_mem", "A_r15s", "A_swp", "A_tmp", "A_io"})
      c->resources.push_back(def(n, num));
  for (const char* n : {"NLB_SYSCPU", "NLB_A_SYSCPU"}) c->resources.push_back(def(n, num));
  for (const char* n : {"NLB_SITE_CPUNORM", "NLB_SYSCPU_LIMIT", "NLB_RUNQLEN_LIMIT"})
    c->resources.push_back(def(n, num, false));
  for (const char* n : {"NLB_HARDWARE", "NLB_QUEUE_NAME", "NLB_APPLICATIONS"})
    c->resources.push_back(def(n, str, false));
  for (const char* n : {"host_nastran", "host_oracle", "host_unichem"})
    c->resources.push_back(def(n, boolean, false));
  return c;
}

inline PolicyEnginePtr compilePolicies(const ConfigPtr& cfg, const std::string& text,
                                       std::string* errors = nullptr) {
  PoliciesLoad l = parsePolicies(text, "lsf.policies");
  std::string all;
  for (const auto& d : l.diagnostics) all += d.toString() + "\n";
  if (l.errors() > 0) {
    if (errors) *errors = all;
    return nullptr;
  }
  PolicyEngineLoad e = PolicyEngine::compile(*cfg, l.set, "lsf.policies");
  for (const auto& d : e.diagnostics) all += d.toString() + "\n";
  if (errors) *errors = all;
  return e.engine;
}

// Host names of a result, space separated.
inline std::string names(const HostTable& t, const PolicyResult& r) {
  std::string s;
  for (uint32_t row : r.rows) s += (s.empty() ? "" : " ") + t.names[row];
  return s;
}

inline PolicyTime noon() {  // a Wednesday
  return PolicyTime{LocalTime{2026, 11, 25, 12, 0}, 1000, 1.7e9};
}

// A table, a calendar and the engine last compiled: run() evaluates policies text on the
// table at `at`, order() gives the resulting host names (or the error).
struct PolicyRunner {
  ConfigPtr cfg;
  HostTable table;
  Calendar calendar;
  PolicyEnginePtr engine;

  Result<PolicyResult> run(const std::string& policies, PolicyRequest req = {},
                           PolicyTime at = noon()) {
    std::string errors;
    engine = compilePolicies(cfg, policies, &errors);
    EXPECT_TRUE(engine) << errors;
    if (!engine) return Status(Code::kInvalid, errors);
    return evaluatePolicy(*engine, calendar, table, req, at);
  }
  std::string order(const std::string& policies, PolicyRequest req = {}) {
    auto r = run(policies, std::move(req));
    return r ? names(table, *r) : "error: " + r.status().message();
  }
};

}  // namespace openlim::policy::testing
