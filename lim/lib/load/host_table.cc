#include "openlim/host_table.h"

#include <strings.h>

#include <algorithm>
#include <cctype>
#include <numeric>

namespace openlim {

const char* hostStatusName(HostStatus s) {
  switch (s) {
    case HostStatus::kOk:
      return "ok";
    case HostStatus::kBusy:
      return "busy";
    case HostStatus::kLockU:
      return "lockU";
    case HostStatus::kLockW:
      return "lockW";
    case HostStatus::kUnavail:
      return "unavail";
  }
  return "unavail";
}

StringId StringPool::intern(std::string_view s) {
  auto it = ids_.find(s);
  if (it != ids_.end()) return it->second;
  auto id = static_cast<StringId>(strings_.size());
  strings_.emplace_back(s);
  ids_.emplace(strings_.back(), id);
  return id;
}

StringId StringPool::find(std::string_view s) const {
  auto it = ids_.find(s);
  return it == ids_.end() ? kUnknownString : it->second;
}

namespace {
std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}
}  // namespace

int HostTable::row(std::string_view host) const {
  if (rowIndex.size() == names.size() && !names.empty()) {
    auto it = rowIndex.find(lowered(host));
    return it == rowIndex.end() ? -1 : static_cast<int>(it->second);
  }
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i].size() == host.size() &&
        strncasecmp(names[i].data(), host.data(), host.size()) == 0)
      return static_cast<int>(i);
  }
  return -1;
}

void HostTable::indexRows(int cpufSlot) {
  rowIndex.clear();
  rowIndex.reserve(names.size());
  for (size_t i = 0; i < names.size(); ++i)
    rowIndex.emplace(lowered(names[i]), static_cast<uint32_t>(i));
  if (rowIndex.size() != names.size()) rowIndex.clear();  // duplicate names: keep scanning
  std::vector<uint32_t> byName(names.size());
  std::iota(byName.begin(), byName.end(), 0u);
  nameRank.clear();  // nameBefore() compares names while sorting
  std::sort(byName.begin(), byName.end(), [&](uint32_t a, uint32_t b) { return nameBefore(a, b); });
  nameRank.resize(names.size());
  for (size_t i = 0; i < byName.size(); ++i) nameRank[byName[i]] = static_cast<uint32_t>(i);
  maxCpuf = kUnknown;
  maxCpuf = clusterMaxCpuf(cpufSlot);
}

double HostTable::clusterMaxCpuf(int cpufSlot) const {
  if (!isUnknown(maxCpuf)) return maxCpuf;
  double best = 0;
  if (config && !config->hosts.empty()) best = config->maxCpuFactor();
  if (cpufSlot >= 0 && static_cast<size_t>(cpufSlot) < columns.size()) {
    const Column& c = columns[static_cast<size_t>(cpufSlot)];
    if (c.type == ResourceType::kNumeric && c.numbers.size() >= size())
      for (size_t r = 0; r < size(); ++r)
        if (c.numbers[r] > best) best = c.numbers[r];
  }
  return best > 0 ? best : 1.0;
}

void HostTable::resize(size_t n) {
  names.resize(n);
  status.resize(n, HostStatus::kUnavail);
  busyIndices.resize(n);
  reportedAt.resize(n, kUnknown);
  for (auto& c : columns) {
    switch (c.type) {
      case ResourceType::kNumeric:
        c.numbers.resize(n, kUnknown);
        break;
      case ResourceType::kString:
        c.strings.resize(n, kUnknownString);
        break;
      case ResourceType::kBoolean:
        c.booleans.resize(n, 0);
        break;
    }
    if (c.aged) c.arrivals.resize(n, std::numeric_limits<double>::quiet_NaN());
  }
}

double HostTable::number(size_t r, const std::string& resource) const {
  if (!config) return kUnknown;
  int idx = config->resourceIndex(resource);
  if (idx < 0 || static_cast<size_t>(idx) >= columns.size()) return kUnknown;
  const Column& c = columns[static_cast<size_t>(idx)];
  if (c.type != ResourceType::kNumeric || r >= c.numbers.size()) return kUnknown;
  return c.numbers[r];
}

}  // namespace openlim
