#include "protocol/peer_admission.h"

#include <algorithm>
#include <map>

namespace openlim::protocol {
namespace {

// The oldest connection of `peer` still awaiting its request, else its oldest.
std::optional<size_t> oldestOf(const std::vector<PeerConnView>& conns, const std::string& peer) {
  std::optional<size_t> best;
  for (size_t i = 0; i < conns.size(); ++i) {
    if (conns[i].peer != peer) continue;
    if (!best) {
      best = i;
      continue;
    }
    const PeerConnView& b = conns[*best];
    const PeerConnView& c = conns[i];
    if (c.awaitingRequest != b.awaitingRequest ? c.awaitingRequest : c.acceptedAt < b.acceptedAt)
      best = i;
  }
  return best;
}

}  // namespace

std::optional<size_t> admissionVictim(const std::vector<PeerConnView>& conns,
                                      const std::string& peer, const PeerLimits& limits) {
  struct Tally {
    size_t count = 0;
    double oldest = 0;
  };
  std::map<std::string, Tally> byPeer;
  for (const auto& c : conns) {
    Tally& t = byPeer[c.peer];
    t.oldest = t.count == 0 ? c.acceptedAt : std::min(t.oldest, c.acceptedAt);
    ++t.count;
  }
  auto own = byPeer.find(peer);
  if (own != byPeer.end() && own->second.count >= limits.perPeer) return oldestOf(conns, peer);
  if (conns.size() < limits.total) return std::nullopt;
  const std::string* heaviest = nullptr;
  const Tally* ht = nullptr;
  for (const auto& [p, t] : byPeer) {
    if (!ht || t.count > ht->count || (t.count == ht->count && t.oldest < ht->oldest)) {
      heaviest = &p;
      ht = &t;
    }
  }
  return heaviest ? oldestOf(conns, *heaviest) : std::nullopt;
}

}  // namespace openlim::protocol
