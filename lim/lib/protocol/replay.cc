#include "protocol/replay.h"

namespace openlim::protocol {

ReplayGuard::Verdict ReplayGuard::checkAndAccept(const std::string& sender, uint64_t epoch,
                                                 uint64_t seq) {
  auto [it, first] = last_.try_emplace(sender, Mark{epoch, seq});
  if (first) return Verdict::kFirst;
  Mark& m = it->second;
  if (epoch != m.epoch ? epoch < m.epoch : seq <= m.seq) return Verdict::kReplay;
  const bool reboot = epoch != m.epoch;
  m = Mark{epoch, seq};
  return reboot ? Verdict::kNewBoot : Verdict::kFresh;
}

uint64_t ReplayGuard::epochOf(const std::string& sender) const {
  auto it = last_.find(sender);
  return it == last_.end() ? 0 : it->second.epoch;
}

}  // namespace openlim::protocol
