// Fuzz the lsf.quotas reader against a small fixed cluster: no crash, every diagnostic names
// a line, every bound holds, and whatever loaded keeps its invariants.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/builtins.h"
#include "quota/quotas_file.h"

using namespace openlim;
using namespace openlim::quota;

namespace {

class Users : public UserDirectory {
 public:
  bool userExists(const std::string& u) const override { return u == "alice" || u == "bob"; }
  std::optional<std::vector<std::string>> groupMembers(const std::string& g) const override {
    if (g == "staff") return std::vector<std::string>{"alice", "bob"};
    return std::nullopt;
  }
};

ConfigSnapshot makeCluster() {
  ConfigSnapshot s;
  s.resources = config::builtinResources();
  ResourceDef lic;
  lic.name = "lic";
  lic.type = ResourceType::kNumeric;
  lic.consumable = lic.shared = true;
  s.resources.push_back(lic);
  ResourceDef scratch;  // a site consumable: limits may carry size units
  scratch.name = "scratch";
  scratch.type = ResourceType::kNumeric;
  scratch.consumable = true;
  s.resources.push_back(scratch);
  ResourceDef fs;  // limits on string and boolean resources: `type` is a built-in string
  fs.name = "fs";
  fs.type = ResourceType::kBoolean;
  s.resources.push_back(fs);
  for (const char* h : {"hA", "hB", "hC"}) {
    HostConfig c;
    c.name = h;
    s.hosts.push_back(c);
  }
  s.hostGroups.push_back(HostGroup{"linux", {"hA", "hB"}, {0, 1}, 1});
  s.buildIndexes();
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const ConfigSnapshot kCluster = makeCluster();
  static const Users kUsers;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  QuotasLoad l = loadQuotas(text, "lsf.quotas", kCluster, &kUsers);
  for (const auto& d : l.diagnostics)
    if (d.message.empty() || d.line < 0) __builtin_trap();
  if (l.config.sets.size() > kMaxRuleSets) __builtin_trap();
  for (const RuleSet& s : l.config.sets) {
    if (s.name.empty() || s.rules.size() > kMaxRulesPerSet) __builtin_trap();
    for (const Rule& r : s.rules) {
      if (r.line <= 0 || r.limits.size() > kMaxLimitsPerRule) __builtin_trap();
      const Filter& h = r.filter(FilterKind::kHosts);
      if (h.present && h.hostMember.size() != kCluster.hosts.size()) __builtin_trap();
      for (const Limit& lim : r.limits) {
        if (lim.value && *lim.value < 0) __builtin_trap();
        if (!lim.dynamic.empty() && (!h.present || !h.expand)) __builtin_trap();
        if (!isCounted(lim.kind)) {  // a value to match: no count, no formula
          if (lim.value || !lim.dynamic.empty() || lim.match.empty()) __builtin_trap();
          if (lim.kind == LimitKind::kBoolean && lim.match != "true" && lim.match != "false")
            __builtin_trap();
          continue;
        }
        if (!lim.match.empty()) __builtin_trap();
        if (lim.value.has_value() == !lim.dynamic.empty()) __builtin_trap();
      }
    }
  }
  return 0;
}
