#include "format/model.h"

#include <algorithm>

namespace openlim::format {

const ResourceInfo* ClusterInfo::find(const std::string& name) const {
  for (const auto& r : resources)
    if (r.name == name) return &r;
  return nullptr;
}

double ClusterInfo::maxUsedCpuFactor() const {
  double best = 0;
  for (const auto& m : models)
    if (m.used) best = std::max(best, m.cpuf);
  return best > 0 ? best : 1;
}

const Value& LoadHost::value(const std::string& name) const {
  static const Value kNone;
  auto it = values.find(name);
  return it == values.end() ? kNone : it->second;
}

}  // namespace openlim::format
