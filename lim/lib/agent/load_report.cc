#include "agent/load_report.h"

#include <algorithm>
#include <cmath>

namespace openlim::agent {

protocol::LoadReport buildLoadReport(const ReportInputs& in, const ConfigSnapshot& config) {
  static const ExternalVector kNone;
  const ExternalVector& external = in.external ? *in.external : kNone;
  protocol::LoadReport r{.host = in.host, .checksum = in.checksum, .master = in.master};
  if (in.locked) {
    r.flags |= protocol::kReportLocked;
    r.lockSeconds = in.lockSeconds;
  }
  // An elim may override any built-in index by its formal name (melim refuses the aliases
  // cpu idle login swap); a "-" from
  // melim for a built-in means "no override now", so lim's own measurement stays.
  for (size_t i = 0; i < in.builtins.size(); ++i) {
    auto over = external.find(kBuiltinNames[i]);
    bool overridden = over != external.end() && over->second.known;
    r.numbers.push_back({kBuiltinNames[i], overridden ? over->second.number : in.builtins[i], NAN});
  }
  for (const auto& [name, v] : in.statics) r.numbers.push_back({name, v, NAN});
  r.strings.push_back({"type", in.type});
  r.strings.push_back({"model", in.model});
  for (const auto& [name, v] : in.nlbNumbers)
    if (config.findResource(name)) r.numbers.push_back({name, v, NAN});
  for (const auto& [name, v] : in.nlbStrings)
    if (config.findResource(name) && !v.empty()) r.strings.push_back({name, v});
  std::vector<std::string> names = in.expected;
  for (const auto& [name, v] : external) names.push_back(name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  for (const std::string& name : names) {
    const ResourceDef* def = config.findResource(name);
    if (def && def->builtinIndex) continue;  // folded into the built-ins above
    auto it = external.find(name);
    bool known = it != external.end() && it->second.known;
    if (def && def->type == ResourceType::kString) {
      r.strings.push_back({name, known ? it->second.text : "-"});
    } else {
      double age = known && in.ageOf ? std::max(0.0, in.ageOf(name)) : 0;
      r.numbers.push_back(
          {name, known ? it->second.number : NAN, known ? static_cast<float>(age) : NAN});
    }
  }
  return r;
}

}  // namespace openlim::agent
