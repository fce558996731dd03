#include "sim_network.h"

#include <algorithm>

namespace openlim::sim {

void SimNetwork::partition(const std::vector<std::vector<std::string>>& sides) {
  side_.clear();
  for (size_t i = 0; i < sides.size(); ++i)
    for (const auto& h : sides[i]) side_[h] = static_cast<int>(i) + 1;
}

bool SimNetwork::connected(const std::string& a, const std::string& b) const {
  if (side_.empty()) return true;
  auto sideOf = [&](const std::string& h) {
    auto it = side_.find(h);
    return it == side_.end() ? 0 : it->second;
  };
  return sideOf(a) == sideOf(b);
}

double SimNetwork::latency() {
  return std::uniform_real_distribution<double>(faults_.minLatency, faults_.maxLatency)(rng_);
}

double SimNetwork::inOrder(const std::string& from, const std::string& to, double now) {
  double& last = lastArrival_[{from, to}];
  const double at = std::max(now + latency(), last + 1e-6);
  last = at;
  return at - now;
}

std::vector<double> SimNetwork::datagramDelays(const std::string& from, const std::string& to,
                                               double now) {
  ++counters_.sent;
  if (!connected(from, to)) {
    ++counters_.cut;
    return {};
  }
  if (chance(faults_.drop)) {
    ++counters_.dropped;
    return {};
  }
  std::vector<double> out;
  if (chance(faults_.reorder)) {  // held back: later ones overtake it
    ++counters_.reordered;
    out.push_back(latency() +
                  std::uniform_real_distribution<double>(0, faults_.reorderDelay)(rng_));
  } else {
    out.push_back(inOrder(from, to, now));
  }
  if (chance(faults_.duplicate)) {
    ++counters_.duplicated;
    out.push_back(out[0] + latency());
  }
  return out;
}

std::optional<double> SimNetwork::streamDelay(const std::string& from, const std::string& to,
                                              double now) {
  if (!connected(from, to)) {
    ++counters_.cut;
    return std::nullopt;
  }
  return inOrder(from, to, now);
}

}  // namespace openlim::sim
