#include "protocol/conn_policy.h"

#include <algorithm>

namespace openlim::protocol {

size_t connectionsFor(uint64_t fdLimit) {
  constexpr uint64_t kReserved = 64, kMin = 16, kMax = 16384;
  uint64_t n = fdLimit > kReserved ? fdLimit - kReserved : 0;
  return static_cast<size_t>(std::clamp(n, kMin, kMax));
}

bool admitReply(size_t bytes, size_t buffered, const ConnLimits& limits) {
  if (buffered == 0) return true;
  return bytes <= limits.maxBufferedBytes && buffered <= limits.maxBufferedBytes - bytes;
}

std::optional<size_t> evictionCandidate(const std::vector<ConnView>& conns) {
  std::optional<size_t> best;
  for (size_t i = 0; i < conns.size(); ++i)
    if (conns[i].awaitingRequest && (!best || conns[i].acceptedAt < conns[*best].acceptedAt))
      best = i;
  return best;
}

std::array<std::string_view, 2> OutputBuffer::pending() const {
  std::string_view head(parts_[0]), body(parts_[1]);
  if (pos_ < head.size()) return {head.substr(pos_), body};
  return {body.substr(pos_ - head.size()), std::string_view()};
}

}  // namespace openlim::protocol
