#include "format/hosts_format.h"

#include <algorithm>

#include "format/text.h"
#include "format/values.h"

namespace openlim::format {
namespace {

std::string oneDecimal(const Value& v) {
  return v.isNumber() ? fixed(v.number, 1) : "-";
}
std::string integer(const Value& v) {
  return v.isNumber() ? fixed(v.number, 0) : "-";
}

// lshosts shows `-` for a size that is unknown or 0 (no swap), as LSF does; -l the same.
std::string size(const Value& v) {
  return v.isNumber() && v.number != 0 ? megabytesText(v.number) : "-";
}

std::string resourceList(const HostInfo& h) {
  std::string s = "(";
  for (size_t i = 0; i < h.resources.size(); ++i) s += (i ? " " : "") + h.resources[i];
  return s + ")";
}

std::string thresholdText(const std::string& index, double v) {
  if (index == "ut") return fixed(v * 100, 0) + "%";
  if (index == "tmp" || index == "swp" || index == "mem") return megabytesText(v);
  return plainNumber(v);
}

// Renders right-aligned columns (width includes the separating blank) as header + row.
std::string columnsBlock(std::vector<Column> cols, const std::string& firstHeader,
                         const std::string& firstCell, size_t firstWidth) {
  std::string head = padRight(firstHeader, firstWidth);
  std::string row = padRight(firstCell, firstWidth);
  for (auto& c : cols) {
    c.fit();
    head += padLeft(c.header, c.width);
    row += padLeft(c.cells[0], c.width);
  }
  return rstrip(head) + "\n" + rstrip(row) + "\n";
}

std::string thresholdsBlock(const HostInfo& h, const ClusterInfo& info) {
  std::vector<std::string> names = builtinIndices();
  for (const auto& r : info.resources)
    if (r.type == ResourceType::kNumeric && r.dynamic && !r.builtin && !r.shared)
      names.push_back(r.name);
  std::string head;
  std::string row;
  for (const auto& n : names) {
    auto it = h.thresholds.find(n);
    Column c{n, indexWidth(n), {it == h.thresholds.end() ? "-" : thresholdText(n, it->second)}};
    c.fit();
    head += padLeft(c.header, c.width);
    row += padLeft(c.cells[0], c.width);
  }
  return "LOAD_THRESHOLDS:\n" + rstrip(head) + "\n" + rstrip(row) + "\n";
}

// A value of an attribute block: numbers plain, strings with a blank quoted (a column's
// cells are single words otherwise).
std::string attributeText(const Value& v) {
  if (v.kind != Value::Kind::kString) return valueText(v);
  return v.text.find_first_of(" \t") == std::string::npos && !v.text.empty() ? v.text
                                                                             : '"' + v.text + '"';
}

// A titled header line and value line, aligned as LOAD_THRESHOLDS; "" when there is nothing.
std::string attributesBlock(const std::string& title,
                            const std::vector<std::pair<std::string, Value>>& values) {
  if (values.empty()) return "";
  std::string head;
  std::string row;
  for (const auto& [name, v] : values) {
    Column c{name, 0, {attributeText(v)}};
    c.fit();
    head += padLeft(c.header, c.width);
    row += padLeft(c.cells[0], c.width);
  }
  return title + ":\n" + rstrip(head) + "\n" + rstrip(row) + "\n\n";
}

std::string nlbBlock(const HostInfo& h) {
  std::vector<std::pair<std::string, Value>> values;
  for (const auto& [name, text] : h.nlb) values.emplace_back(name, Value::str(text));
  return attributesBlock("NLB_ATTRIBUTES", values);
}

}  // namespace

std::string formatHosts(const std::vector<HostInfo>& hosts, bool wide) {
  size_t hw = wide ? 25 : 11;
  for (const auto& h : hosts) hw = std::max(hw, h.name.size());
  std::vector<Column> cols = {{"type", wide ? 11u : 8u, {}},
                              {"model", wide ? 12u : 9u, {}},
                              {"cpuf", 6, {}},
                              {"ncpus", 6, {}},
                              {"maxmem", 7, {}},
                              {"maxswp", 7, {}},
                              {"server", 7, {}}};
  for (const auto& h : hosts) {
    std::string cells[] = {h.type.empty() ? "-" : h.type,
                           h.model.empty() ? "-" : h.model,
                           oneDecimal(h.cpuf),
                           integer(h.ncpus),
                           size(h.maxmem),
                           size(h.maxswp),
                           h.server};
    for (size_t i = 0; i < cols.size(); ++i) cols[i].cells.push_back(cells[i]);
  }
  for (auto& c : cols) c.fit();
  std::string out = padRight("HOST_NAME", hw);
  for (const auto& c : cols) out += padLeft(c.header, c.width);
  out += " RESOURCES\n";
  for (size_t r = 0; r < hosts.size(); ++r) {
    std::string line = padRight(hosts[r].name, hw);
    for (const auto& c : cols) line += padLeft(c.cells[r], c.width);
    out += line + " " + resourceList(hosts[r]) + "\n";
  }
  return out;
}

std::string formatHostsLong(const std::vector<HostInfo>& hosts, const ClusterInfo& info) {
  std::string out;
  for (const auto& h : hosts) {
    out += "\nHOST_NAME:  " + h.name + "\n";
    std::vector<Column> cols = {{"model", 12, {h.model.empty() ? "-" : h.model}},
                                {"cpuf", 6, {oneDecimal(h.cpuf)}},
                                {"ncpus", 6, {integer(h.ncpus)}},
                                {"ndisks", 7, {integer(h.ndisks)}},
                                {"maxmem", 7, {size(h.maxmem)}},
                                {"maxswp", 7, {size(h.maxswp)}},
                                {"maxtmp", 7, {size(h.maxtmp)}},
                                {"rexpri", 7, {integer(h.rexpri)}},
                                {"server", 7, {h.server}},
                                {"ncores", 7, {integer(h.ncores)}},
                                {"nthreads", 9, {integer(h.nthreads)}}};
    std::string type = h.type.empty() ? "-" : h.type;
    out += columnsBlock(cols, "type", type, std::max<size_t>(10, type.size()));
    out += "\nRESOURCES: " + resourceList(h) + "\n";
    out += "RUN_WINDOWS:  (always open)\n\n";
    out += attributesBlock("SITE_ATTRIBUTES", h.site);
    out += nlbBlock(h);
    out += thresholdsBlock(h, info);
  }
  return out;
}

}  // namespace openlim::format
