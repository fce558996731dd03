#include "format/load_format.h"

#include <algorithm>

#include "format/text.h"
#include "format/values.h"

namespace openlim::format {
namespace {

// Shared values and dynamic strings shown at the right of lsload -l.
bool isExtraColumn(const ResourceInfo& r) {
  if (r.builtin || isExternalIndex(r)) return false;
  return r.dynamic && (r.shared || r.type == ResourceType::kString);
}

// The slots the run queue columns need, looked up once per table (not per cell).
struct Slots {
  int ncpus, cpuf;
};

double numberOr(const LoadSnapshot& snap, const LoadHost& h, int slot, double fallback) {
  const Value& v = snap.value(h, slot);
  return v.isNumber() ? v.number : fallback;
}

// Every number of a column prints the same way: built-in indices by name, any other numeric
// value (external index, shared value, a name the catalog does not list) with one decimal.
std::string cellText(const LoadSnapshot& snap, const LoadHost& h, const std::string& col, int slot,
                     const Slots& slots, const LoadOptions& opts) {
  const Value& v = snap.value(h, slot);
  if (!v.isNumber()) return valueText(v);
  double x = v.number;
  if (isRunQueue(col))
    x = runQueueShown(x, opts.runQueues, numberOr(snap, h, slots.ncpus, 1),
                      numberOr(snap, h, slots.cpuf, 1), opts.maxCpuFactor);
  std::string text = indexText(col, x, opts.wide || opts.longFormat);
  return snap.isBusy(h, slot) ? "*" + text : text;
}

size_t baseWidth(const std::string& col, const ClusterInfo& info) {
  const ResourceInfo* r = info.find(col);
  if (r != nullptr && isExtraColumn(*r)) return col.size() + 2;
  return indexWidth(col);
}

// The host column keeps one blank before the status even for `unavail` (7 wide).
constexpr size_t kStatusWidth = 7;

size_t hostWidth(const LoadSnapshot& snap, size_t base) {
  size_t w = base;
  for (const auto& h : snap.hosts) {
    size_t need = h.name.size();
    if (h.status.size() + 1 > kStatusWidth) need += h.status.size() + 1 - kStatusWidth;
    w = std::max(w, need);
  }
  return w;
}

}  // namespace

bool isExternalIndex(const ResourceInfo& r) {
  return r.type == ResourceType::kNumeric && r.dynamic && !r.builtin && !r.shared;
}

std::vector<std::string> loadIndexNames(const ClusterInfo& info) {
  std::vector<std::string> names = builtinIndices();
  for (const auto& r : info.resources)
    if (isExternalIndex(r)) names.push_back(r.name);
  return names;
}

std::vector<std::string> loadColumns(const ClusterInfo& info, const LoadOptions& opts) {
  if (!opts.indices.empty()) return opts.indices;
  std::vector<std::string> cols;
  for (const auto& n : builtinIndices())
    if (opts.longFormat || n != "io") cols.push_back(n);
  if (!opts.longFormat) return cols;
  for (const auto& r : info.resources)
    if (isExternalIndex(r)) cols.push_back(r.name);
  for (const auto& r : info.resources)
    if (isExtraColumn(r)) cols.push_back(r.name);
  return cols;
}

std::string formatLoad(const LoadSnapshot& snap, const ClusterInfo& info, const LoadOptions& opts) {
  std::vector<std::string> names = loadColumns(info, opts);
  Slots slots{snap.slot("ncpus"), snap.slot("cpuf")};
  std::vector<Column> cols;
  for (const auto& n : names) {
    Column c{n, baseWidth(n, info), {}};
    int slot = snap.slot(n);
    c.cells.reserve(snap.hosts.size());
    for (const auto& h : snap.hosts)
      c.cells.push_back(h.status == "unavail" ? "" : cellText(snap, h, n, slot, slots, opts));
    c.fit();
    cols.push_back(std::move(c));
  }
  size_t hw = hostWidth(snap, opts.longFormat || opts.wide ? 23 : 15);
  std::string out = padRight("HOST_NAME", hw) + padLeft("status", kStatusWidth);
  for (const auto& c : cols) out += padLeft(c.header, c.width);
  out += "\n";
  for (size_t i = 0; i < snap.hosts.size(); ++i) {
    const LoadHost& h = snap.hosts[i];
    std::string line = padRight(h.name, hw) + padLeft(h.status, kStatusWidth);
    for (const auto& c : cols) line += padLeft(c.cells[i], c.width);
    out += rstrip(line) + "\n";
  }
  return out;
}

std::string formatSharedValues(const std::vector<SharedInstance>& instances) {
  size_t nameW = 25;
  size_t valueW = 20;
  for (const auto& in : instances) {
    nameW = std::max(nameW, in.resource.size() + 1);
    valueW = std::max(valueW, valueText(in.value).size() + 1);
  }
  std::string out =
      padRight("RESOURCE", nameW) + padLeft("VALUE", valueW) + padLeft("LOCATION", 15) + "\n";
  for (const auto& in : instances) {
    std::string line = padRight(in.resource, nameW) + padLeft(valueText(in.value), valueW);
    line += "       " + wrapWords(in.locations, nameW + valueW + 7, 80, nameW + valueW + 7);
    out += rstrip(line) + "\n";
  }
  return out;
}

}  // namespace openlim::format
