#include "openlim/load_adjust.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <unordered_set>

namespace openlim {

std::vector<LoadDelta> placementDeltas(const ConfigSnapshot& config, const RusageAlternative* alt,
                                       int slots) {
  std::vector<LoadDelta> out;
  for (const char* rq : {"r15s", "r1m", "r15m"}) {
    int s = config.resourceIndex(rq);
    if (s >= 0) out.push_back({s, 1.0 * slots});
  }
  if (!alt) return out;
  for (const RusageItem& it : alt->items) {
    if (it.slot < 0 || static_cast<size_t>(it.slot) >= config.resources.size()) continue;
    bool increasing =
        config.resources[static_cast<size_t>(it.slot)].direction == Direction::kIncreasing;
    double amount = (increasing ? it.amount : -it.amount) * slots;
    auto same =
        std::find_if(out.begin(), out.end(), [&](const LoadDelta& d) { return d.slot == it.slot; });
    if (same != out.end())
      same->amount += amount;
    else
      out.push_back({it.slot, amount});
  }
  return out;
}

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool isShared(const HostTable& table, int slot) {
  return table.config && slot >= 0 && static_cast<size_t>(slot) < table.config->resources.size() &&
         table.config->resources[static_cast<size_t>(slot)].shared;
}

void addTo(HostTable& table, size_t row, const LoadDelta& d, double weight) {
  if (d.slot < 0 || static_cast<size_t>(d.slot) >= table.columns.size()) return;
  Column& c = table.columns[static_cast<size_t>(d.slot)];
  if (c.type != ResourceType::kNumeric || row >= c.numbers.size()) return;
  c.numbers[row] += weight * d.amount;  // NaN (unknown) stays NaN
}

}  // namespace

std::vector<uint32_t> sharingRows(const HostTable& table, int slot, uint32_t row) {
  std::vector<uint32_t> out;
  if (!isShared(table, slot) || row >= table.size()) return out;
  const std::string& name = table.config->resources[static_cast<size_t>(slot)].name;
  std::string me = lower(table.names[row]);
  std::unordered_set<std::string> peers;  // every host of the instances `row` serves
  for (const ResourceInstance& inst : table.config->instances) {
    if (inst.resource != name) continue;
    std::unordered_set<std::string> hosts;
    for (const auto& h : inst.hosts) hosts.insert(lower(h));
    if (hosts.count(me)) peers.merge(hosts);
  }
  if (peers.empty()) return out;
  for (uint32_t r = 0; r < table.size(); ++r)
    if (r != row && peers.count(lower(table.names[r]))) out.push_back(r);
  return out;
}

void applyDeltas(HostTable& table, size_t row, const std::vector<LoadDelta>& deltas,
                 double weight) {
  if (row >= table.size() || weight == 0) return;
  for (const LoadDelta& d : deltas) {
    addTo(table, row, d, weight);
    if (!isShared(table, d.slot)) continue;
    for (uint32_t peer : sharingRows(table, d.slot, static_cast<uint32_t>(row)))
      addTo(table, peer, d, weight);
  }
}

}  // namespace openlim
