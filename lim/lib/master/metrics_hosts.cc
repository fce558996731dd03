// The metrics of the cluster's hosts, from the master's published host table: status,
// load indices and the ages of external values. Unknown values are left out (never 0).
// This is the big part of a scrape (100k hosts x 20 indices): written a host at a time (a
// MetricsCursor slices it across loop turns); a host's label text is escaped once and reused
// for every sample of the host.
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

// `host="<name>",<next>="`: the row's label text up to the second label's value.
void hostLabel(std::string& s, const HostTable& t, size_t row, std::string_view next) {
  s = "host=\"";
  format::appendPromLabelValue(s, t.names[row]);
  s += "\",";
  s += next;
  s += "=\"";
}

void sampleWith(std::string& out, std::string_view name, const std::string& hostLabel,
                std::string_view escapedValue, double value) {
  out += name;
  out += '{';
  out += hostLabel;
  out += escapedValue;
  out += "\"} ";
  format::appendPromValue(out, value);
  out += '\n';
}

}  // namespace

HostColumns::HostColumns(const HostTable& t) : cols(loadColumns(t)) {
  for (size_t c : cols) {
    escapedNames.emplace_back();
    format::appendPromLabelValue(escapedNames.back(), t.config->resources[c].name);
  }
}

void writeHostsHead(std::string& out, const HostTable& t) {
  PromWriter w(out);
  w.family("openlim_hosts", "gauge", "Hosts in the cluster file.");
  w.sample("openlim_hosts", static_cast<double>(t.size()));
  // Only the current status, always 1: four zeros per host would be most of a big scrape,
  // and count by (status) (openlim_host_status) reads the same without them.
  w.family("openlim_host_status", "gauge",
           "1, labelled with the host's current status (ok busy lockU lockW unavail).");
}

void writeStatusRow(std::string& out, const HostTable& t, size_t row) {
  std::string label;
  hostLabel(label, t, row, "status");
  sampleWith(out, "openlim_host_status", label, hostStatusName(t.status[row]), 1);
}

void writeLoadHead(std::string& out) {
  PromWriter(out).family("openlim_host_load_index", "gauge",
                         "A host's load index as lsload shows it (in the index's own unit); "
                         "absent when unknown.");
}

void writeLoadRow(std::string& out, const HostTable& t, const HostColumns& c, size_t row) {
  std::string label;
  hostLabel(label, t, row, "index");
  for (size_t i = 0; i < c.cols.size(); ++i) {
    const Column& col = t.columns[c.cols[i]];
    double v = row < col.numbers.size() ? col.numbers[row] : kUnknown;
    if (!std::isnan(v)) sampleWith(out, "openlim_host_load_index", label, c.escapedNames[i], v);
  }
}

void writeAgesHead(std::string& out) {
  PromWriter(out).family("openlim_host_value_age_seconds", "gauge",
                         "Age in seconds of the host's oldest known external (elim) value; "
                         "absent when it has none.");
}

// The host's oldest external value's age (one line per host: per value it would be most of
// a big cluster's scrape; `lsadmin elimstatus` has each value's age).
void writeAgeRow(std::string& out, const HostTable& t, const HostColumns& c, size_t row) {
  double oldest = kUnknown;
  for (size_t col : c.cols) {
    const double age = t.age(col, row);
    if (!std::isnan(age) && !(age <= oldest))  // NaN oldest compares false: the first wins
      oldest = age;
  }
  if (std::isnan(oldest)) return;
  out += "openlim_host_value_age_seconds{host=\"";
  format::appendPromLabelValue(out, t.names[row]);
  out += "\"} ";
  format::appendPromValue(out, oldest);
  out += '\n';
}

}  // namespace openlim::master
