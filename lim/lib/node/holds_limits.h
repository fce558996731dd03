#pragma once
// Bounds of the holds traffic (node_holds.cc, node_holds_report.cc): what one datagram of a
// holds report carries, and how many hosts a rebuilding master asks per loop turn.

#include <cstddef>

namespace openlim::node {

inline constexpr size_t kMaxHoldsPart = 50000;  // bytes of reservations in one holds datagram
// Released ids a holds report names (about 40 bytes each: well inside one datagram's room
// beside kMaxHoldsPart).
inline constexpr size_t kMaxReleasedReported = 256;
// Holds asked per loop turn by a rebuilding master (the rest on the next turns).
inline constexpr size_t kMaxAsksPerTurn = 512;
// Unacknowledged holds and unholds sent again per loop turn (the rest on the next turns).
inline constexpr size_t kMaxResendsPerTurn = 512;

}  // namespace openlim::node
