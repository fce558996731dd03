// The metrics of the cluster's hosts, from the master's published host table: status,
// load indices and the ages of external values. Unknown values are left out (never 0).
// This is the big part of a scrape (10k hosts x 20 indices): each host's label text is
// escaped once and reused for every sample of the host.
#include <cmath>
#include <string_view>
#include <vector>

#include "format/prom_text.h"
#include "master/metrics_parts.h"

namespace openlim::master {
namespace {

using format::PromWriter;

// The load indices: dynamic numeric resources with a value per host (shared ones have one
// value per instance, not per host, and are left out).
std::vector<size_t> loadColumns(const HostTable& t) {
  std::vector<size_t> cols;
  for (size_t c = 0; c < t.columns.size() && c < t.config->resources.size(); ++c) {
    const ResourceDef& r = t.config->resources[c];
    if (r.dynamic && !r.shared && r.type == ResourceType::kNumeric) cols.push_back(c);
  }
  return cols;
}

// `host="<name>",index="` for every row, escaped once.
std::vector<std::string> hostLabels(const HostTable& t, std::string_view next) {
  std::vector<std::string> out(t.size());
  for (size_t row = 0; row < t.size(); ++row) {
    std::string& s = out[row];
    s = "host=\"";
    format::appendPromLabelValue(s, t.names[row]);
    s += "\",";
    s += next;
    s += "=\"";
  }
  return out;
}

void sampleWith(std::string& out, std::string_view name, const std::string& hostLabel,
                const std::string& escapedValue, double value) {
  out += name;
  out += '{';
  out += hostLabel;
  out += escapedValue;
  out += "\"} ";
  format::appendPromValue(out, value);
  out += '\n';
}

void writeStatus(std::string& out, const HostTable& t, const std::vector<std::string>& labels) {
  PromWriter w(out);
  // Only the current status, always 1: four zeros per host would be most of a big scrape,
  // and count by (status) (openlim_host_status) reads the same without them.
  w.family("openlim_host_status", "gauge",
           "1, labelled with the host's current status (ok busy lockU lockW unavail).");
  for (size_t row = 0; row < t.size(); ++row)
    sampleWith(out, "openlim_host_status", labels[row], hostStatusName(t.status[row]), 1);
}

void writeLoad(std::string& out, const HostTable& t, const std::vector<std::string>& labels,
               const std::vector<size_t>& cols) {
  std::vector<std::string> names;
  for (size_t c : cols) {
    names.emplace_back();
    format::appendPromLabelValue(names.back(), t.config->resources[c].name);
  }
  for (size_t row = 0; row < t.size(); ++row)
    for (size_t i = 0; i < cols.size(); ++i) {
      const Column& col = t.columns[cols[i]];
      double v = row < col.numbers.size() ? col.numbers[row] : kUnknown;
      if (!std::isnan(v)) sampleWith(out, "openlim_host_load_index", labels[row], names[i], v);
    }
}

// Per host, its oldest external value's age (one line per host: per value it would be most
// of a big cluster's scrape; `lsadmin elimstatus` has each value's age).
void writeAges(std::string& out, const HostTable& t, const std::vector<size_t>& cols) {
  std::string line;
  for (size_t row = 0; row < t.size(); ++row) {
    double oldest = kUnknown;
    for (size_t c : cols) {
      const double age = t.age(c, row);
      if (!std::isnan(age) && !(age <= oldest))  // NaN oldest compares false: the first wins
        oldest = age;
    }
    if (std::isnan(oldest)) continue;
    out += "openlim_host_value_age_seconds{host=\"";
    format::appendPromLabelValue(out, t.names[row]);
    out += "\"} ";
    format::appendPromValue(out, oldest);
    out += '\n';
  }
}

}  // namespace

void writeHosts(std::string& out, const HostTable& t) {
  PromWriter w(out);
  w.family("openlim_hosts", "gauge", "Hosts in the cluster file.");
  w.sample("openlim_hosts", static_cast<double>(t.size()));
  const std::vector<std::string> statusLabels = hostLabels(t, "status");
  writeStatus(out, t, statusLabels);
  const std::vector<std::string> indexLabels = hostLabels(t, "index");
  const std::vector<size_t> cols = loadColumns(t);
  w.family("openlim_host_load_index", "gauge",
           "A host's load index as lsload shows it (in the index's own unit); absent when "
           "unknown.");
  writeLoad(out, t, indexLabels, cols);
  w.family("openlim_host_value_age_seconds", "gauge",
           "Age in seconds of the host's oldest known external (elim) value; absent when it "
           "has none.");
  writeAges(out, t, cols);
}

}  // namespace openlim::master
