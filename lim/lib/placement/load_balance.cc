// PBS load balancing (see load_balance.h).
#include "placement/load_balance.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace openlim::placement {

LoadLimits loadLimits(std::optional<double> ideal, std::optional<double> max, double ncpus) {
  if (ideal && max) return {*ideal, *max};
  if (ideal) return {*ideal, *ideal};
  if (max) return {*max, *max};
  return {ncpus, ncpus};
}

const char* loadBandName(LoadBand b) {
  switch (b) {
    case LoadBand::kIdeal:
      return "ideal";
    case LoadBand::kMax:
      return "max";
    case LoadBand::kOver:
      return "over max_load";
    case LoadBand::kUnknown:
      break;
  }
  return "load unknown";
}

LoadBand loadBand(double projected, const LoadLimits& limits) {
  if (std::isnan(projected)) return LoadBand::kUnknown;
  if (projected <= limits.ideal) return LoadBand::kIdeal;
  if (projected <= limits.max) return LoadBand::kMax;
  return LoadBand::kOver;
}

BalancedHost balanceHost(const BalanceCandidate& c) {
  BalancedHost h{c.row, c.load + c.slots, LoadBand::kUnknown};
  h.band = loadBand(h.projected, c.limits);
  return h;
}

Balance balanceLoad(std::span<const BalanceCandidate> candidates) {
  Balance out;
  out.order.reserve(candidates.size());
  for (const BalanceCandidate& c : candidates) {
    BalancedHost h = balanceHost(c);
    (h.band == LoadBand::kIdeal || h.band == LoadBand::kMax ? out.order : out.excluded)
        .push_back(h);
  }
  std::stable_sort(out.order.begin(), out.order.end(),
                   [](const BalancedHost& a, const BalancedHost& b) {
                     if (a.band != b.band) return a.band < b.band;
                     return a.projected < b.projected;
                   });
  return out;
}

namespace {

std::string num(double v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

std::string formatBand(const BalancedHost& h, const LoadLimits& limits) {
  const std::string load = "projected load " + num(h.projected);
  switch (h.band) {
    case LoadBand::kIdeal:
      return "band ideal: " + load + " <= ideal_load " + num(limits.ideal);
    case LoadBand::kMax:
      return "band max: " + load + " > ideal_load " + num(limits.ideal) + ", <= max_load " +
             num(limits.max);
    case LoadBand::kOver:
      return "over max_load: " + load + " > max_load " + num(limits.max) + "; not used";
    case LoadBand::kUnknown:
      break;
  }
  return "load unknown; not used";
}

}  // namespace openlim::placement
