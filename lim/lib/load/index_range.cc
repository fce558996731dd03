#include "load/index_range.h"

#include <array>
#include <limits>

namespace openlim {

std::optional<ValueRange> builtinRange(std::string_view name) {
  constexpr double kOpen = std::numeric_limits<double>::infinity();
  struct Entry {
    std::string_view name;
    ValueRange range;
  };
  static constexpr std::array<Entry, 13> kRanges = {{
      {"r15s", {0, kOpen}},
      {"r1m", {0, kOpen}},
      {"r15m", {0, kOpen}},
      {"ut", {0, 1}},
      {"pg", {0, 1e7}},
      {"io", {0, 1e9}},
      {"ls", {0, kOpen}},
      {"it", {0, kOpen}},
      {"tmp", {0, kOpen}},
      {"swp", {0, kOpen}},
      {"mem", {0, kOpen}},
      {"slots", {0, kOpen}},     // a scheduler's free slots (docs/rating.md)
      {"maxslots", {0, kOpen}},  // and its slot count: both counts, never negative
  }};
  for (const Entry& e : kRanges)
    if (e.name == name) return e.range;
  return std::nullopt;
}

}  // namespace openlim
