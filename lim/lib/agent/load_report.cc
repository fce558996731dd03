#include "agent/load_report.h"

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
  // An elim may override a built-in index (melim already refuses ls it r1m swp); a "-" from
  // melim for a built-in means "no override now", so lim's own measurement stays.
  for (size_t i = 0; i < in.builtins.size(); ++i) {
    auto over = external.find(kBuiltinNames[i]);
    bool overridden = over != external.end() && over->second.known;
    r.numbers.push_back({kBuiltinNames[i], overridden ? over->second.number : in.builtins[i], NAN});
  }
  for (const auto& [name, v] : in.statics) r.numbers.push_back({name, v, NAN});
  r.strings.push_back({"type", in.type});
  r.strings.push_back({"model", in.model});
  auto age = static_cast<float>(std::max(0.0, in.externalAge));
  for (const auto& [name, v] : external) {
    const ResourceDef* def = config.findResource(name);
    if (def && def->builtinIndex) continue;  // folded into the built-ins above
    if (def && def->type == ResourceType::kString)
      r.strings.push_back({name, v.known ? v.text : "-"});
    else
      r.numbers.push_back({name, v.known ? v.number : NAN, age});
  }
  return r;
}

}  // namespace openlim::agent
