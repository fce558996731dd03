// lsquota layouts: qquota's text table, JSON and qquota's XML (see quota_report.h).
#include <string>

#include "format/json_writer.h"
#include "quota/quota_report.h"

namespace openlim::quota {

namespace {

std::string padded(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

std::string limitText(const ReportRow& r) {
  return r.limit ? formatQuantity(*r.limit, r.memory) : r.limitText;
}

std::string filterText(const ReportRow& r) {
  std::string out;
  for (int k = 0; k < kFilterKinds; ++k) {
    if (r.values[k].empty() && r.excluded[k].empty()) continue;
    std::string items;
    for (const auto& v : r.values[k]) items += (items.empty() ? "" : ",") + v;
    for (const auto& v : r.excluded[k]) items += (items.empty() ? "!" : ",!") + v;
    if (!out.empty()) out += " ";
    out += std::string(filterKeyword(static_cast<FilterKind>(k))) + " " + items;
  }
  return out;
}

std::string xmlEscaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '\'':
        out += "&apos;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

bool sameFilter(const ReportRow& a, const ReportRow& b) {
  for (int k = 0; k < kFilterKinds; ++k)
    if (a.values[k] != b.values[k] || a.excluded[k] != b.excluded[k]) return false;
  return a.set == b.set && a.rule == b.rule;
}

}  // namespace

std::string formatQuotaText(const std::vector<ReportRow>& rows) {
  std::string out = "resource quota rule limit                filter\n";
  out += std::string(80, '-') + "\n";
  for (const auto& r : rows) {
    std::string limit = r.resource + "=" + formatQuantity(r.used, r.memory) + "/" + limitText(r);
    std::string line =
        padded(r.set + "/" + r.rule, 19) + " " + padded(limit, 20) + " " + filterText(r);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::string formatQuotaJson(const std::vector<ReportRow>& rows) {
  std::string out;
  format::JsonWriter w(out);
  w.beginObject().key("quotas").beginArray();
  for (const auto& r : rows) {
    w.beginObject().key("set").str(r.set).key("rule").str(r.rule).key("resource").str(r.resource);
    w.key("used").raw(std::to_string(r.used)).key("limit");
    if (r.limit)
      w.raw(std::to_string(*r.limit));
    else
      w.null();
    if (r.memory) w.key("unit").str("MB");
    w.key("filter").beginObject();
    for (int k = 0; k < kFilterKinds; ++k) {
      std::string name = filterKeyword(static_cast<FilterKind>(k));
      if (!r.values[k].empty()) w.key(name).strings(r.values[k]);
      if (!r.excluded[k].empty()) w.key("x" + name).strings(r.excluded[k]);
    }
    w.endObject().endObject();
  }
  w.endArray().endObject();
  return out + "\n";
}

std::string formatQuotaXml(const std::vector<ReportRow>& rows) {
  std::string out = "<?xml version='1.0'?>\n<qquota_result>\n";
  for (size_t i = 0; i < rows.size();) {
    const ReportRow& r = rows[i];
    out += " <qquota_rule name='" + xmlEscaped(r.set + "/" + r.rule) + "'>\n";
    for (int k = 0; k < kFilterKinds; ++k) {
      std::string name = filterKeyword(static_cast<FilterKind>(k));
      for (const auto& v : r.values[k])
        out += "   <" + name + ">" + xmlEscaped(v) + "</" + name + ">\n";
      for (const auto& v : r.excluded[k])
        out += "   <x" + name + ">" + xmlEscaped(v) + "</x" + name + ">\n";
    }
    for (; i < rows.size() && sameFilter(rows[i], r); ++i)
      out += "   <limit resource='" + xmlEscaped(rows[i].resource) + "' limit='" +
             xmlEscaped(limitText(rows[i])) + "' value='" +
             formatQuantity(rows[i].used, rows[i].memory) + "'/>\n";
    out += " </qquota_rule>\n";
  }
  return out + "</qquota_result>\n";
}

}  // namespace openlim::quota
