#include "format/info_format.h"

#include <algorithm>

#include "format/text.h"
#include "format/values.h"

namespace openlim::format {
namespace {

int group(const ResourceInfo& r) {
  if (r.type == ResourceType::kNumeric) {
    if (r.shared) return 5;
    if (r.dynamic) return r.builtin ? 0 : 1;
    return 2;
  }
  return r.type == ResourceType::kBoolean ? 3 : 4;
}

std::string yesNo(bool b) {
  return b ? "Yes" : "No";
}

std::string resourceTable(const std::vector<const ResourceInfo*>& rows) {
  size_t nw = 13;
  for (const auto* r : rows) nw = std::max(nw, r->name.size());
  std::string out = padRight("RESOURCE_NAME", nw) + "   TYPE   ORDER  DESCRIPTION\n";
  for (const auto* r : rows) {
    std::string line = padRight(r->name, nw) + " " + padLeft(typeName(r->type), 7) + " " +
                       padLeft(orderName(r->direction), 5) + "   " + r->description;
    out += rstrip(line) + "\n";
  }
  return out;
}

std::string longEntry(const ResourceInfo& r) {
  bool releaseApplies = r.type == ResourceType::kNumeric && !r.builtin;
  std::string out = "RESOURCE_NAME:  " + r.name + "\n";
  out += "DESCRIPTION: " + r.description + "\n";
  std::vector<Column> cols = {{"ORDER", 6, {orderName(r.direction)}},
                              {"INTERVAL", 11, {plainNumber(r.interval)}},
                              {"BUILTIN", 9, {yesNo(r.builtin)}},
                              {"DYNAMIC", 9, {yesNo(r.dynamic)}},
                              {"RELEASE", 9, {releaseApplies ? yesNo(r.release) : "NA"}}};
  std::string head = padRight("TYPE", 7);
  std::string row = padRight(typeName(r.type), 7);
  for (auto& c : cols) {
    c.fit();
    head += padLeft(c.header, c.width);
    row += padLeft(c.cells[0], c.width);
  }
  return out + head + "\n" + row + "\n";
}

std::string modelTable(const ClusterInfo& info, bool all) {
  size_t nw = 16;
  for (const auto& m : info.models) nw = std::max(nw, m.name.size() + 1);
  std::string out = padRight("MODEL_NAME", nw) + "CPU_FACTOR      ARCHITECTURE\n";
  for (const auto& m : info.models) {
    if (!all && !m.used) continue;
    std::string line = padRight(m.name, nw) + padLeft(fixed(m.cpuf, 2), 10) + "      " + m.arch;
    out += rstrip(line) + "\n";
  }
  return out;
}

std::string typeTable(const ClusterInfo& info) {
  std::string out = "TYPE_NAME\n";
  for (const auto& t : info.types) out += t + "\n";
  return out;
}

}  // namespace

const char* typeName(ResourceType t) {
  switch (t) {
    case ResourceType::kNumeric:
      return "Numeric";
    case ResourceType::kBoolean:
      return "Boolean";
    case ResourceType::kString:
      return "String";
  }
  return "?";
}

const char* orderName(Direction d) {
  switch (d) {
    case Direction::kIncreasing:
      return "Inc";
    case Direction::kDecreasing:
      return "Dec";
    case Direction::kNone:
      break;
  }
  return "N/A";
}

std::vector<const ResourceInfo*> lsinfoOrder(const ClusterInfo& info) {
  std::vector<const ResourceInfo*> rows;
  // The averaged indices and NLB values openlim adds (dozens of them) are left out, so an
  // LSF user's lsinfo reads as before; naming one shows it.
  for (const auto& r : info.resources)
    if (!r.derived) rows.push_back(&r);
  std::stable_sort(rows.begin(), rows.end(), [](const ResourceInfo* a, const ResourceInfo* b) {
    return group(*a) < group(*b);
  });
  return rows;
}

InfoText formatInfo(const ClusterInfo& info, const InfoOptions& opts) {
  InfoText t;
  std::vector<const ResourceInfo*> rows;
  if (opts.names.empty()) {
    rows = lsinfoOrder(info);
  } else {
    for (const auto& n : opts.names) {
      const ResourceInfo* r = info.find(n);
      if (r == nullptr)
        t.notFound.push_back(n);
      else
        rows.push_back(r);
    }
  }
  if (opts.longFormat) {
    for (size_t i = 0; i < rows.size(); ++i) t.out += (i ? "\n" : "") + longEntry(*rows[i]);
    return t;
  }
  bool anyPart = opts.resources || opts.models || opts.allModels;
  bool showResources = !anyPart || opts.resources || !opts.names.empty();
  if (showResources && !(opts.names.size() > 0 && rows.empty())) t.out += resourceTable(rows);
  if (!opts.names.empty()) return t;
  if (!anyPart) t.out += "\n" + typeTable(info);
  if (!anyPart || opts.models || opts.allModels) {
    if (!t.out.empty()) t.out += "\n";
    t.out += modelTable(info, opts.allModels);
  }
  return t;
}

}  // namespace openlim::format
