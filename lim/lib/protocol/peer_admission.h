#pragma once
// Which connection a server closes to take a new one, when connections are bounded per peer
// and in all (the metrics endpoint: docs/metrics.md). Pure, so the rule is tested without
// sockets. The new connection is always taken: a client that opens many connections only
// ever pushes out its own, or, with the table full, those of the peer holding the most; a
// peer with few connections (a real scraper) is not pushed out by one with many.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace openlim::protocol {

struct PeerLimits {
  size_t perPeer = 8;  // connections one peer address may hold
  size_t total = 64;   // connections in all
};

// What the rule needs to know about one open connection.
struct PeerConnView {
  std::string peer;              // the peer's address (its port left out)
  bool awaitingRequest = false;  // its request is not complete yet
  double acceptedAt = 0;
};

// With `conns` open and a new connection from `peer` to take: the index of the connection
// to close first, or none when it fits. The victim is, among the connections of `peer` when
// it already holds perPeer, else (table full) of the peer holding the most (ties: the one
// whose oldest connection is older), the oldest one still awaiting its request, else its
// oldest. REQUIRES: limits.perPeer >= 1 and limits.total >= 1.
std::optional<size_t> admissionVictim(const std::vector<PeerConnView>& conns,
                                      const std::string& peer, const PeerLimits& limits);

}  // namespace openlim::protocol
