#pragma once
// A small cluster for the quota tests: hosts, host groups, resources, Unix users and groups.

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "config/builtins.h"
#include "openlim/config.h"
#include "quota/quotas_file.h"
#include "quota/user_directory.h"

namespace openlim::quota::testing {

class FakeUsers : public UserDirectory {
 public:
  std::vector<std::string> users{"roland", "andre", "alice", "bob", "carol"};
  std::map<std::string, std::vector<std::string>> groups{{"staff", {"roland", "alice", "bob"}},
                                                         {"eng", {"andre", "carol"}}};
  bool userExists(const std::string& u) const override {
    for (const auto& x : users)
      if (x == u) return true;
    return false;
  }
  std::optional<std::vector<std::string>> groupMembers(const std::string& g) const override {
    auto it = groups.find(g);
    if (it == groups.end()) return std::nullopt;
    return it->second;
  }
};

inline ResourceDef numeric(const std::string& name, bool shared, bool memory = false) {
  ResourceDef r;
  r.name = name;
  r.type = ResourceType::kNumeric;
  r.direction = Direction::kDecreasing;
  r.consumable = true;
  r.shared = shared;
  r.memoryLike = memory;
  return r;
}

// Hosts durin, carc (group lx_hosts) and sol1, sol2 (group sol_hosts); group all_hosts holds
// both groups. Resources: the built-ins, compiler_lic (shared), virtual_free (per host,
// memory), nio (numeric, not consumable), osrel (string), scratch (per host, a site
// consumable without units), fs (boolean).
inline ConfigSnapshot cluster() {
  ConfigSnapshot s;
  s.resources = config::builtinResources();
  s.resources.push_back(numeric("compiler_lic", true));
  s.resources.push_back(numeric("virtual_free", false, true));
  ResourceDef nio = numeric("nio", false);
  nio.consumable = false;
  s.resources.push_back(nio);
  ResourceDef osrel;
  osrel.name = "osrel";
  osrel.type = ResourceType::kString;
  s.resources.push_back(osrel);
  s.resources.push_back(numeric("scratch", false));
  ResourceDef fs;
  fs.name = "fs";
  fs.type = ResourceType::kBoolean;
  s.resources.push_back(fs);
  for (const char* h : {"durin", "carc", "sol1", "sol2"}) {
    HostConfig c;
    c.name = h;
    s.hosts.push_back(c);
  }
  s.hostGroups.push_back(HostGroup{"lx_hosts", {"durin", "carc"}, {0, 1}, 1});
  s.hostGroups.push_back(HostGroup{"sol_hosts", {"sol1", "sol2"}, {2, 3}, 2});
  s.hostGroups.push_back(HostGroup{"all_hosts", {"lx_hosts", "sol_hosts"}, {0, 1, 2, 3}, 3});
  s.buildIndexes();
  return s;
}

inline std::string diagText(const std::vector<Diagnostic>& ds) {
  std::string s;
  for (const Diagnostic& d : ds)
    s += (d.severity == Severity::kError ? "E " : "W ") + d.toString() + "\n";
  return s;
}

inline QuotasLoad load(const std::string& text, const UserDirectory* users = nullptr) {
  static const ConfigSnapshot kCluster = cluster();
  static const FakeUsers kUsers;
  return loadQuotas(text, "lsf.quotas", kCluster, users ? users : &kUsers);
}

// The lsquota text report's two header lines.
constexpr const char* kReportHeader =
    "resource quota rule limit                filter\n"
    "--------------------------------------------------------------------------------\n";

// A quota configuration from lsf.quotas text that must load without errors.
inline QuotaConfigPtr configOf(const std::string& text) {
  auto l = load(text);
  EXPECT_EQ(l.errors(), 0) << diagText(l.diagnostics);
  return std::make_shared<const QuotaConfig>(std::move(l.config));
}

}  // namespace openlim::quota::testing
