#pragma once
// What the daemon's transports count (the node counts its decisions: node/node_counters.h);
// the status reply shows both under these names (the JSON keys).

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace openlim::lim {

struct TransportCounters {
  uint64_t auth_bad_mac = 0, auth_unsigned = 0, oversized = 0, malformed = 0, send_errors = 0;
  // Names given to the system resolver (only ever at start-up), connections closed to make
  // room for new ones, replies refused for want of output memory ("busy"), replies dropped
  // because their client stopped reading.
  uint64_t resolver_calls = 0, conns_evicted = 0, replies_busy = 0, replies_stalled = 0;
  // State-file writes (group commits and snapshots), failures, snapshots (compactions).
  uint64_t state_writes = 0, state_write_errors = 0, state_compactions = 0;

  std::vector<std::pair<std::string, uint64_t>> items() const {
    return {{"auth_bad_mac", auth_bad_mac},
            {"auth_unsigned", auth_unsigned},
            {"oversized", oversized},
            {"malformed", malformed},
            {"send_errors", send_errors},
            {"resolver_calls", resolver_calls},
            {"conns_evicted", conns_evicted},
            {"replies_busy", replies_busy},
            {"replies_stalled", replies_stalled},
            {"reservation_state_writes", state_writes},
            {"reservation_state_write_errors", state_write_errors},
            {"reservation_state_compactions", state_compactions}};
  }
};

}  // namespace openlim::lim
