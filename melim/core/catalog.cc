#include "core/catalog.h"

#include <array>

namespace openlim::melim {

Catalog::Catalog(std::vector<NameSpec> specs) : specs_(std::move(specs)) {
  for (size_t i = 0; i < specs_.size(); ++i) index_.emplace(specs_[i].name, static_cast<int>(i));
}

bool Catalog::reportable(int slot) const {
  NameKind k = spec(slot).kind;
  return k == NameKind::kNumeric || k == NameKind::kString || k == NameKind::kBuiltin;
}

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
      {"slots", {0, kOpen}},
      {"maxslots", {0, kOpen}},
  }};
  for (const Entry& e : kRanges)
    if (e.name == name) return e.range;
  return std::nullopt;
}

bool isBatchSlots(std::string_view name) {
  return name == "slots" || name == "maxslots";
}

bool isBuiltinAlias(std::string_view name) {
  static constexpr std::array<std::string_view, 4> kAliases = {"cpu", "idle", "login", "swap"};
  for (auto a : kAliases)
    if (a == name) return true;
  return false;
}

}  // namespace openlim::melim
