#include "agent/significant_change.h"

#include <algorithm>
#include <cmath>

namespace openlim::agent {

double significantStep(std::string_view name, double lastSent) {
  if (name == "r15s" || name == "r1m" || name == "r15m") return 0.5;
  if (name == "ut") return 0.25;
  if (name == "mem" || name == "swp" || name == "tmp")
    return std::max(16.0, std::abs(lastSent) * 0.1);
  return -1;
}

bool significantChange(const BuiltinVector& sample,
                       const std::vector<protocol::NumericValue>& lastSent) {
  for (size_t i = 0; i < sample.size(); ++i) {
    std::string_view name = kBuiltinNames[i];
    auto it = std::find_if(lastSent.begin(), lastSent.end(),
                           [&](const auto& v) { return v.name == name; });
    if (it == lastSent.end()) return true;
    double step = significantStep(name, it->value);
    if (step < 0) continue;
    if (std::isnan(sample[i]) != std::isnan(it->value)) return true;
    if (!std::isnan(sample[i]) && std::abs(sample[i] - it->value) > step) return true;
  }
  return false;
}

}  // namespace openlim::agent
