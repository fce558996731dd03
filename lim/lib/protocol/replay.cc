#include "protocol/replay.h"

namespace openlim::protocol {

bool ReplayGuard::isFresh(const std::string& sender, uint64_t epoch, uint64_t seq) const {
  auto it = last_.find(sender);
  if (it == last_.end()) return true;
  if (epoch != it->second.epoch) return epoch > it->second.epoch;
  return seq > it->second.seq;
}

void ReplayGuard::accept(const std::string& sender, uint64_t epoch, uint64_t seq) {
  last_[sender] = Mark{epoch, seq};
}

bool ReplayGuard::checkAndAccept(const std::string& sender, uint64_t epoch, uint64_t seq) {
  if (!isFresh(sender, epoch, seq)) return false;
  accept(sender, epoch, seq);
  return true;
}

uint64_t ReplayGuard::epochOf(const std::string& sender) const {
  auto it = last_.find(sender);
  return it == last_.end() ? 0 : it->second.epoch;
}

}  // namespace openlim::protocol
