#include "openlim/model.h"

#include <algorithm>
#include <cmath>

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

int LoadSnapshot::slot(std::string_view name) const {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<int>(i);
  return -1;
}

const Value& LoadSnapshot::value(const LoadHost& h, int slot) const {
  static const Value kAbsent = Value::absent();
  if (slot < 0 || static_cast<size_t>(slot) >= h.values.size()) return kAbsent;
  return h.values[static_cast<size_t>(slot)];
}

const Value& LoadSnapshot::value(const LoadHost& h, std::string_view name) const {
  return value(h, slot(name));
}

double LoadSnapshot::age(const LoadHost& h, int slot) const {
  if (slot < 0 || static_cast<size_t>(slot) >= h.ages.size()) return std::nan("");
  return h.ages[static_cast<size_t>(slot)];
}

bool LoadSnapshot::isBusy(const LoadHost& h, int slot) const {
  return std::find(h.busy.begin(), h.busy.end(), slot) != h.busy.end();
}

}  // namespace openlim::format
