// Cross-file checks (see policy_check.h).
#include "policy/policy_check.h"

#include <algorithm>
#include <unordered_set>

namespace openlim::policy {

std::vector<UndefinedName> undefinedAttributes(const PolicySet& set,
                                               const AttributesLoad& attributes,
                                               const std::vector<std::string>& known) {
  std::unordered_set<std::string> defined(known.begin(), known.end());
  defined.insert("AGE");
  for (const HostAttributes& h : attributes.hosts)
    for (const auto& [name, value] : h.values) defined.insert(name);
  std::vector<UndefinedName> out;
  auto check = [&](const Policy& p, const PolicyExpression& e) {
    for (std::string& name : attributesRead(*e.root)) {
      if (isJobAttributeName(name) || defined.count(name)) continue;
      bool reported = std::any_of(out.begin(), out.end(),
                                  [&](const UndefinedName& u) { return u.name == name; });
      if (!reported) out.push_back(UndefinedName{std::move(name), p.name, e.line});
    }
  };
  for (const Policy& p : set.policies()) {
    for (const PolicyExpression& c : p.constraints) check(p, c);
    for (const auto& e : p.sorts) check(p, e);
  }
  return out;
}

}  // namespace openlim::policy
