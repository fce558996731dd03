#include "resreq/rusage_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "resreq/explain.h"

namespace openlim::resreq {
namespace {

bool checked(const HostTable& t, const RusageItem& it) {
  return t.config && it.slot >= 0 && static_cast<size_t>(it.slot) < t.config->resources.size() &&
         t.config->resources[static_cast<size_t>(it.slot)].direction != Direction::kIncreasing;
}

double available(const HostTable& t, const RusageItem& it, uint32_t row) {
  if (static_cast<size_t>(it.slot) >= t.columns.size()) return NAN;
  const Column& c = t.columns[static_cast<size_t>(it.slot)];
  return c.type == ResourceType::kNumeric && row < c.numbers.size() ? c.numbers[row] : NAN;
}

}  // namespace

int fittingAlternative(const CompiledRequest& req, const HostTable& t, uint32_t row, size_t slots) {
  if (req.rusage().empty()) return -1;
  double n = static_cast<double>(slots);
  for (size_t a = 0; a < req.rusage().size(); ++a) {
    bool fits = true;
    for (const RusageItem& it : req.rusage()[a].items) {
      if (!checked(t, it)) continue;
      double v = available(t, it, row);
      if (std::isnan(v) || v < it.amount * n) fits = false;
    }
    if (fits) return static_cast<int>(a);
  }
  return kNoFit;
}

size_t slotsFitting(const CompiledRequest& req, const HostTable& t, uint32_t row, size_t alt) {
  size_t out = SIZE_MAX;
  if (alt >= req.rusage().size()) return out;
  for (const RusageItem& it : req.rusage()[alt].items) {
    if (!checked(t, it) || it.amount <= 0) continue;
    double v = available(t, it, row);
    double k = std::isnan(v) || v < 0 ? 0 : std::floor(v / it.amount);
    out = std::min(out, k >= 1e9 ? out : static_cast<size_t>(k));
  }
  return out;
}

std::string rusageReason(const CompiledRequest& req, const EvalEnv& env, uint32_t row,
                         size_t slots) {
  std::string out = req.rusageText_.empty() ? "rusage[]" : req.rusageText_;
  if (slots > 1) out += " x " + std::to_string(slots) + " slots";
  out += " failed:";
  for (const RusageAlternative& alt : req.rusage())
    for (const RusageItem& it : alt.items)
      if (checked(*env.table, it)) out += " " + it.name + "=" + formatValue(env, it.slot, row);
  return out;
}

}  // namespace openlim::resreq
