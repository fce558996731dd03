#pragma once
// The physically possible values of the built-in load indices: what melim accepts from an
// elim that overrides one, and the bounds no placement adjustment or reservation hold may
// push a published value past (docs/protocol.md "What a placement adjusts").

#include <limits>
#include <optional>
#include <string_view>

namespace openlim {

struct ValueRange {
  double min;
  double max;
};

// Both ends included; nullopt for names that are not built-in load indices (their values are
// open). ut is a fraction (0-1); memory, swap and space are MB >= 0; run queues, users and
// idle minutes are >= 0; pg is pages/s, 0 to 1e7 (40 GB/s of paging with 4 KiB pages: beyond
// any swap device); io is KB/s, 0 to 1e9 (1 TB/s: beyond the local disks of any host). Rates
// need an upper bound because a wrong unit (bytes for KB, a counter for a rate) is the usual
// elim bug; sizes get none (a host's memory or scratch space has no such natural ceiling
// below INFINIT_LOAD). slots and maxslots (a scheduler's counts, which an elim may report for
// the rating's current jobs) are >= 0.
std::optional<ValueRange> builtinRange(std::string_view name);

// `moved`, a value that started at `base` and was moved by adjustments, kept inside `range`;
// a base already outside it (a host's own report) is never pushed further out. NaN stays NaN.
inline double keepInRange(double base, double moved, const ValueRange& range) {
  const double lo = base < range.min ? base : range.min;
  const double hi = base > range.max ? base : range.max;
  return moved < lo ? lo : moved > hi ? hi : moved;
}

}  // namespace openlim
