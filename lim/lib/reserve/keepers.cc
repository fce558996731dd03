#include "reserve/keepers.h"

#include <algorithm>

namespace openlim::reserve {

std::vector<std::string> votersOf(const std::vector<std::string>& candidates) {
  const size_t n = std::min(candidates.size(), kMaxKeeperCandidates);
  return {candidates.begin(), candidates.begin() + static_cast<long>(n)};
}

std::vector<std::string> keepersOf(const Reservation& r, const std::string& master,
                                   const std::vector<std::string>& candidates) {
  std::vector<std::string> out;
  auto add = [&](const std::string& h) {
    if (std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
  };
  if (!master.empty()) add(master);
  for (const auto& h : r.hosts) add(h.host);
  for (const auto& h : votersOf(candidates)) add(h);
  return out;
}

}  // namespace openlim::reserve
