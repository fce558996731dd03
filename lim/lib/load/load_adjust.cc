#include "openlim/load_adjust.h"

#include <algorithm>
#include <cmath>

namespace openlim {

std::vector<LoadDelta> placementDeltas(const ConfigSnapshot& config,
                                       const RusageAlternative* alt, int slots) {
  std::vector<LoadDelta> out;
  for (const char* rq : {"r15s", "r1m", "r15m"}) {
    int s = config.resourceIndex(rq);
    if (s >= 0) out.push_back({s, 1.0 * slots});
  }
  if (!alt) return out;
  for (const RusageItem& it : alt->items) {
    if (it.slot < 0 || static_cast<size_t>(it.slot) >= config.resources.size()) continue;
    bool increasing =
        config.resources[static_cast<size_t>(it.slot)].direction == Direction::kIncreasing;
    double amount = (increasing ? it.amount : -it.amount) * slots;
    auto same = std::find_if(out.begin(), out.end(),
                             [&](const LoadDelta& d) { return d.slot == it.slot; });
    if (same != out.end()) same->amount += amount;
    else out.push_back({it.slot, amount});
  }
  return out;
}

double adjustmentDuration(const ClusterParams& params) {
  return params.adjustDuration * params.exInterval;
}

double adjustmentWeight(const LoadAdjustment& a, double now) {
  if (now < a.start || a.duration <= 0) return 0;
  double left = 1.0 - (now - a.start) / a.duration;
  return left > 0 ? left : 0;
}

void applyDeltas(HostTable& table, size_t row, const std::vector<LoadDelta>& deltas,
                 double weight) {
  if (row >= table.size() || weight == 0) return;
  for (const LoadDelta& d : deltas) {
    if (d.slot < 0 || static_cast<size_t>(d.slot) >= table.columns.size()) continue;
    Column& c = table.columns[static_cast<size_t>(d.slot)];
    if (c.type != ResourceType::kNumeric || row >= c.numbers.size()) continue;
    c.numbers[row] += weight * d.amount;  // NaN (unknown) stays NaN
  }
}

void applyAdjustments(HostTable& table, const std::vector<LoadAdjustment>& adjustments,
                      double now) {
  for (const LoadAdjustment& a : adjustments) {
    double w = adjustmentWeight(a, now);
    if (w <= 0) continue;
    int row = table.row(a.host);
    if (row >= 0) applyDeltas(table, static_cast<size_t>(row), a.deltas, w);
  }
}

void pruneAdjustments(std::vector<LoadAdjustment>& adjustments, double now) {
  std::erase_if(adjustments, [&](const LoadAdjustment& a) {
    return now >= a.start + std::max(a.duration, 0.0);
  });
}

}  // namespace openlim
