#pragma once
// The names an elim may report on this host, each with a slot number, a kind and the
// interval that bounds its age (docs/melim.md "The load update string").

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "load/index_range.h"

namespace openlim::melim {

enum class NameKind : uint8_t {
  kNumeric,         // external numeric resource
  kString,          // external string resource: one word
  kBuiltin,         // a built-in index an elim may override (also slots and maxslots)
  kBoolean,         // a boolean resource: never reported by an elim
  kNotOverridable,  // status and static resources: never reported by an elim
  kAlias,           // cpu idle login swap: aliases of built-in indices, refused as such
};

struct NameSpec {
  std::string name;
  NameKind kind = NameKind::kNumeric;
  double interval = 60;  // seconds; bounds the age of a value (x stale factor)
  bool expected = true;  // in LSF_RESOURCES (always true for built-ins)
  // The values that make physical sense (built-ins, builtinRange); others: open (the parser
  // still refuses |v| >= INFINIT_LOAD).
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
};

// The physical ranges of the built-in indices (builtinRange, ValueRange) are the core's:
// load/index_range.h, shared with the master's placement adjustment.
using openlim::builtinRange;
using openlim::ValueRange;

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

class Catalog {
 public:
  Catalog() = default;
  explicit Catalog(std::vector<NameSpec> specs);

  // Slot of a name, or -1.
  int find(std::string_view name) const {
    auto it = index_.find(name);
    return it == index_.end() ? -1 : it->second;
  }
  const NameSpec& spec(int slot) const { return specs_[static_cast<size_t>(slot)]; }
  int size() const { return static_cast<int>(specs_.size()); }
  // Whether the slot can carry a value at all (numeric, string or built-in override).
  bool reportable(int slot) const;

 private:
  std::vector<NameSpec> specs_;
  std::unordered_map<std::string, int, StringHash, std::equal_to<>> index_;
};

// slots and maxslots, the free and the maximum batch slots: static built-ins lim does not
// measure, which an elim (a scheduler's probe) may report so that the rating counts the host's
// current jobs as maxslots - slots (docs/rating.md).
bool isBatchSlots(std::string_view name);

// The aliases of built-in load indices (cpu idle login swap): an elim overrides an index by
// its formal name (r1m it ls swp) only; an alias is refused with its own reason
// (docs/melim.md).
bool isBuiltinAlias(std::string_view name);

}  // namespace openlim::melim
