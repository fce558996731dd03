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
