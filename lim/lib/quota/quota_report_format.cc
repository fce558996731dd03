// lsquota layouts: qquota's text table, JSON and qquota's XML (see quota_report.h).
#include <string>

#include "format/json_writer.h"
#include "quota/quota_report.h"

namespace openlim::quota {

namespace {

std::string limitText(const ReportRow& r) {
  return r.limit ? formatQuantity(*r.limit, r.memory) : std::string(r.limitText);
}

void appendFilter(const ReportRow& r, std::string& out) {
  for (size_t i = 0; i < r.filter.size(); ++i) {
    const auto& item = r.filter[i];
    bool newKind = i == 0 || r.filter[i - 1].kind != item.kind;
    if (newKind) out.append(i == 0 ? "" : " ").append(filterKeyword(item.kind)).append(" ");
    if (!newKind) out += ',';
    if (item.excluded) out += '!';
    out.append(item.value);
  }
}

std::string xmlEscaped(std::string_view s) {
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

// qquota's XML element of a filter item: user, xuser, project, xproject, pe, xpe, queue,
// xqueue, host, xhost.
const char* xmlElement(const ReportRow::Item& item) {
  static const char* const kNames[kFilterKinds][2] = {{"user", "xuser"},
                                                      {"project", "xproject"},
                                                      {"pe", "xpe"},
                                                      {"queue", "xqueue"},
                                                      {"host", "xhost"}};
  return kNames[static_cast<int>(item.kind)][item.excluded ? 1 : 0];
}

bool sameFilter(const ReportRow& a, const ReportRow& b) {
  if (a.set != b.set || a.rule != b.rule || a.filter.size() != b.filter.size()) return false;
  for (size_t i = 0; i < a.filter.size(); ++i)
    if (a.filter[i].kind != b.filter[i].kind || a.filter[i].excluded != b.filter[i].excluded ||
        a.filter[i].value != b.filter[i].value)
      return false;
  return true;
}

}  // namespace

std::string formatQuotaText(const std::vector<ReportRow>& rows) {
  std::string out = "resource quota rule limit                filter\n";
  out += std::string(80, '-') + "\n";
  out.reserve(out.size() + rows.size() * 64);
  std::string limit;
  for (const auto& r : rows) {
    size_t start = out.size();
    out.append(r.set).append("/").append(r.rule);
    if (out.size() - start < 19) out.append(19 - (out.size() - start), ' ');
    out += ' ';
    limit.assign(r.resource).append("=").append(formatQuantity(r.used, r.memory));
    limit.append("/").append(limitText(r));
    out.append(limit);
    if (limit.size() < 20) out.append(20 - limit.size(), ' ');
    out += ' ';
    appendFilter(r, out);
    while (out.back() == ' ') out.pop_back();
    out += '\n';
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
    for (size_t i = 0; i < r.filter.size();) {  // one array per kind and polarity
      const auto& first = r.filter[i];
      std::vector<std::string> values;
      for (; i < r.filter.size() && r.filter[i].kind == first.kind &&
             r.filter[i].excluded == first.excluded;
           ++i)
        values.emplace_back(r.filter[i].value);
      w.key((first.excluded ? "x" : "") + std::string(filterKeyword(first.kind))).strings(values);
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
    out +=
        " <qquota_rule name='" + xmlEscaped(std::string(r.set).append("/").append(r.rule)) + "'>\n";
    for (const auto& item : r.filter) {
      const char* name = xmlElement(item);
      out.append("   <").append(name).append(">").append(xmlEscaped(item.value));
      out.append("</").append(name).append(">\n");
    }
    for (; i < rows.size() && sameFilter(rows[i], r); ++i)
      out += "   <limit resource='" + xmlEscaped(rows[i].resource) + "' limit='" +
             xmlEscaped(limitText(rows[i])) + "' value='" +
             formatQuantity(rows[i].used, rows[i].memory) + "'/>\n";
    out += " </qquota_rule>\n";
  }
  return out + "</qquota_result>\n";
}

std::string quotaReplyText(const std::string& text, size_t rows, bool rebuilding) {
  // Written straight (the text is most of it: no tree holding a copy of it).
  std::string out;
  out.reserve(text.size() + text.size() / 8 + 64);
  format::JsonWriter w(out);
  w.beginObject().key("ok").boolean(true).key("rebuilding").boolean(rebuilding);
  w.key("rows").num(static_cast<double>(rows)).key("text").str(text).endObject();
  return out;
}

}  // namespace openlim::quota
