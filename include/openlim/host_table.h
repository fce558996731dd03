#pragma once
// The columnar host table the resource-requirement evaluator reads (docs/architecture.md: one array
// per resource, strings as interned ids). The master lim builds an immutable one per snapshot;
// `lsplace --from FILE` builds one from JSON. Column c describes config->resources[c].

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "openlim/config.h"

namespace openlim {

enum class HostStatus : uint8_t { kOk = 0, kBusy, kLockU, kLockW, kUnavail };
const char* hostStatusName(HostStatus s);  // "ok" "busy" "lockU" "lockW" "unavail"

using StringId = int32_t;
inline constexpr StringId kUnknownString = -1;
inline constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();
inline bool isUnknown(double v) {
  return std::isnan(v);
}

// Interns strings so string columns compare ids for equality and bytes for order.
class StringPool {
 public:
  StringId intern(std::string_view s);
  StringId find(std::string_view s) const;  // kUnknownString when absent
  const std::string& get(StringId id) const { return strings_[static_cast<size_t>(id)]; }
  size_t size() const { return strings_.size(); }

 private:
  // Looked up by string_view without building a std::string (fillRow interns per row).
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::vector<std::string> strings_;
  std::unordered_map<std::string, StringId, Hash, std::equal_to<>> ids_;
};

// One resource's values for every host. Only the vector matching `type` is filled.
struct Column {
  ResourceType type = ResourceType::kNumeric;
  std::vector<double> numbers;    // kUnknown (NaN) = unknown or host lacks the resource
  std::vector<StringId> strings;  // kUnknownString = unknown or absent
  std::vector<uint8_t> booleans;  // 1 = host lists it; never unknown
  // When an external value arrived, on the table's clock (HostTable::clock); NaN = no age.
  // The master keeps it for external columns only. A time, not an age: ages move on with the
  // clock alone, so time passing never rewrites 100,000 rows (HostTable::age reads them).
  std::vector<double> arrivals;
  bool aged = true;  // resize() sizes `arrivals` (the master clears it for non-external columns)
};

struct HostTable {
  ConfigPtr config;
  std::vector<std::string> names;  // host names, row order
  std::vector<HostStatus> status;
  // Per row: the indices past their busy threshold (resource indices into config->resources).
  std::vector<std::vector<int>> busyIndices;
  std::vector<Column> columns;  // one per config->resources entry
  // Per row: the slots reservations hold on the host (docs/reservations.md); placement takes
  // them from its ncpus. Empty = nothing reserved anywhere (a table built by hand).
  std::vector<int32_t> reservedSlots;
  // Per row: when the master last received the host's report, on the clock of the `now` the
  // evaluator is given (EvalEnv::now); NaN = never heard. Policies read `age` from it.
  std::vector<double> reportedAt;
  // The time the table stands at, on the clock of reportedAt and Column::arrivals: the
  // master's `now` when it last published the table; 0 in a table read from a snapshot.
  double clock = 0;
  StringPool strings;
  // Filled by indexRows() (the master's builder): lower-case name -> row, and the cluster's
  // largest CPU factor (config's and the cpuf column's). Queries at 10k hosts otherwise scan
  // every row for them. A table built by hand works without them (row() scans, maxCpuf NaN).
  // cpuf is static, so patching a row's load values keeps both valid.
  std::unordered_map<std::string, uint32_t> rowIndex;
  double maxCpuf = kUnknown;
  std::vector<uint32_t> nameRank;  // row -> place in byte order of (name, row)

  size_t size() const { return names.size(); }
  int row(std::string_view host) const;  // -1 when absent (case-insensitive)
  // Row a before row b by name (bytes), then by row: the last tie-break of every order.
  bool nameBefore(uint32_t a, uint32_t b) const {
    if (nameRank.size() == names.size()) return nameRank[a] < nameRank[b];
    int c = names[a].compare(names[b]);
    return c != 0 ? c < 0 : a < b;
  }
  // Builds rowIndex, nameRank and maxCpuf from names, config and the cpuf column (cpufSlot, -1:
  // none).
  void indexRows(int cpufSlot);
  // maxCpuf when indexed, else computed: the largest of config->maxCpuFactor() and the cpuf
  // column (LSF's resource requirement rules: normalised run queues divide by it); 1 when nothing
  // is known.
  double clusterMaxCpuf(int cpufSlot) const;
  // Sizes every column for n rows with unknown values, booleans false.
  void resize(size_t n);
  // Convenience accessors by resource name (slow path; the evaluator uses slots).
  double number(size_t row, const std::string& resource) const;
  int reserved(size_t row) const { return row < reservedSlots.size() ? reservedSlots[row] : 0; }
  // Seconds since the value of column `slot` arrived at host `row`'s melim, as of `clock`
  // (never negative); NaN when it has no age (built-in, static, unknown or stale).
  double age(size_t slot, size_t row) const {
    const auto& a = columns[slot].arrivals;
    if (row >= a.size() || a[row] != a[row]) return kUnknown;  // no age, or NaN: none
    // float: the precision ages always had (and the digits replies print).
    return static_cast<double>(static_cast<float>(std::max(0.0, clock - a[row])));
  }
};

using HostTablePtr = std::shared_ptr<const HostTable>;

}  // namespace openlim
