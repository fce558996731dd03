// lsf.cluster Host section: one HostConfig per row; extra columns are busy thresholds.
#include <algorithm>
#include <optional>

#include "config/builtins.h"
#include "config/host_limits.h"
#include "config/lsf_cluster.h"
#include "config/size_units.h"
#include "util/strict_number.h"

namespace openlim::config {

namespace {

const std::vector<std::string> kHostColumns = {"HOSTNAME", "model",  "type",      "server",
                                               "nd",       "REXPRI", "RUNWINDOW", "RESOURCES"};

// Which columns of the header are thresholds: index -> load index name.
std::vector<std::pair<int, std::string>> thresholdColumns(const Table& t, BuildContext& ctx,
                                                          DiagSink& diag) {
  std::vector<std::pair<int, std::string>> out;
  for (size_t i = 0; i < t.columns.size(); ++i) {
    const std::string& c = t.columns[i];
    bool known = std::any_of(kHostColumns.begin(), kHostColumns.end(),
                             [&](const std::string& k) { return iequals(k, c); }) ||
                 std::any_of(std::begin(kHostLimitColumns), std::end(kHostLimitColumns),
                             [&](const char* k) { return iequals(k, c); });
    if (known || ctx.rejectedResources.count(c)) continue;
    const ResourceDef* r = ctx.snap.findResource(c);
    if (!r) {
      diag.warn(t.headerLine, "unknown column " + q(c) + " in section Host; ignored");
    } else if (r->type != ResourceType::kNumeric) {
      diag.warn(t.headerLine, "threshold column " + q(c) + " names a " +
                                  (r->type == ResourceType::kString ? "String" : "Boolean") +
                                  " resource, not a numeric load index; column ignored");
    } else if (!r->dynamic) {
      diag.warn(t.headerLine, "threshold column " + q(c) + " names a static resource, " +
                                  "not a load index; column ignored");
    } else {
      out.emplace_back(static_cast<int>(i), r->name);
    }
  }
  return out;
}

// `ut` takes a fraction (0.9) or a percentage (90%); mem swp tmp a size in MB or with a unit
// (500M, 2G), as resource requirements take them; other indices a plain number. The error
// says what is wrong ("" when nothing more than "bad threshold").
Result<double> parseThreshold(const std::string& index, const std::string& text) {
  if (index == "ut") {
    bool pct = !text.empty() && text.back() == '%';
    auto d = parseDouble(pct ? text.substr(0, text.size() - 1) : text);
    if (!d || *d < 0 || *d > (pct ? 100 : 1)) return Status(Code::kInvalid, "want 0-1 or 0%-100%");
    return pct ? *d / 100 : *d;
  }
  if (isSizeIndex(index)) {
    auto r = parseSize(text);
    // A plain bad number reads as for any index; only a bad unit gets its own words.
    if (!r && !parseDouble(splitSize(text).number)) return Status(Code::kInvalid, "");
    return r;
  }
  auto d = parseDouble(text);
  if (!d) return Status(Code::kInvalid, "");
  return *d;
}

std::optional<bool> serverFlag(const std::string& v) {
  if (v == "1" || iequals(v, "y") || iequals(v, "yes")) return true;
  if (v == "0" || iequals(v, "n") || iequals(v, "no")) return false;
  return std::nullopt;
}

// model or type: "!" (detect), a known name, or reported and detected instead.
std::string detectOrKnown(const Value& v, bool known, bool rejected, const char* what,
                          const std::string& host, int line, DiagSink& diag) {
  if (v.unset() || v.text == "!") return "!";
  if (known) return v.text;
  if (!rejected)
    diag.warn(line, std::string("unknown host ") + what + " " + q(v.text) + " for host " + q(host) +
                        "; detected at run time instead");
  return "!";
}

void readHostResource(const std::string& item, HostConfig& h, BuildContext& ctx, int line,
                      DiagSink& diag) {
  size_t eq = item.find('=');
  std::string name = item.substr(0, eq);
  if (ctx.rejectedResources.count(name)) return;
  const ResourceDef* r = ctx.snap.findResource(name);
  std::string where = " in RESOURCES of host " + q(h.name) + "; ignored";
  if (!r) return diag.warn(line, "undefined resource " + q(name) + where);
  if (r->builtin) return diag.warn(line, "built-in resource " + q(name) + " cannot be set" + where);
  if (eq == std::string::npos) {
    if (r->type == ResourceType::kBoolean)
      h.booleans.push_back(name);
    else
      diag.warn(line, "resource " + q(name) + " needs a value (" + name + "=value)" + where);
    return;
  }
  std::string value = item.substr(eq + 1);
  if (r->type == ResourceType::kBoolean)
    return diag.warn(line, "Boolean resource " + q(name) + " takes no value" + where);
  if (r->type == ResourceType::kString) {
    h.strings[name] = value;
    return;
  }
  auto d = parseDouble(value);
  if (!d) return diag.warn(line, "bad number " + q(value) + " for " + q(name) + where);
  h.numbers[name] = *d;
}

struct HostRow {
  const Table& t;
  const Row& r;
  const Value& at(const char* c) const {
    static const Value kUnset{Value::Kind::kWord, "-"};
    int i = t.column(c);
    return i < 0 ? kUnset : r.values[static_cast<size_t>(i)];
  }
};

void readHostFields(const HostRow& row, HostConfig& h, BuildContext& ctx, DiagSink& diag) {
  const auto& s = ctx.snap;
  const Value& model = row.at("model");
  h.model = detectOrKnown(model, s.findModel(model.text) != nullptr,
                          ctx.rejectedModels.count(model.text) > 0, "model", h.name, h.line, diag);
  const Value& type = row.at("type");
  bool knownType =
      std::find(s.hostTypes.begin(), s.hostTypes.end(), type.text) != s.hostTypes.end();
  h.type = detectOrKnown(type, knownType, ctx.rejectedTypes.count(type.text) > 0, "type", h.name,
                         h.line, diag);
  if (const Value& v = row.at("server"); !v.unset()) {
    if (auto f = serverFlag(v.text))
      h.server = *f;
    else
      diag.warn(h.line, "bad server " + q(v.text) + " for host " + q(h.name) +
                            " (want 1 or 0); server assumed");
  }
  if (const Value& v = row.at("nd"); !v.unset()) {
    auto n = parseInt(v.text);
    if (n && *n >= 0)
      h.nd = *n;
    else
      diag.warn(h.line, "bad nd " + q(v.text) + " for host " + q(h.name) + "; ignored");
  }
  if (const Value& v = row.at("REXPRI"); !v.unset()) {
    if (auto d = toDouble(v.text))
      h.rexpri = *d;
    else
      diag.warn(h.line, "bad REXPRI " + q(v.text) + " for host " + q(h.name) + "; ignored");
  }
  if (const Value& v = row.at("RUNWINDOW"); !v.unset()) h.runWindow = v.text;
}

void readHostRow(const HostRow& row, const std::vector<std::pair<int, std::string>>& thresholds,
                 BuildContext& ctx, DiagSink& diag) {
  HostConfig h;
  h.name = row.at("HOSTNAME").text;
  h.line = row.r.line;
  if (std::string bad = badHostName(h.name); !bad.empty()) {
    diag.error(h.line, bad);
    ctx.rejectedHosts.insert(lower(h.name));
    return;
  }
  if (const HostConfig* prev = ctx.snap.findHost(h.name)) {
    diag.warn(h.line, "duplicate host " + q(h.name) + " (first at line " +
                          std::to_string(prev->line) + "); ignored");
    return;
  }
  readHostFields(row, h, ctx, diag);
  for (const auto& [col, index] : thresholds) {
    const Value& v = row.r.values[static_cast<size_t>(col)];
    if (v.unset()) continue;
    auto d = parseThreshold(index, v.text);
    if (d) {
      h.thresholds[index] = *d;
      continue;
    }
    const std::string& why = d.status().message();
    diag.warn(h.line, "bad " + index + " threshold " + q(v.text) + " for host " + q(h.name) +
                          (why.empty() ? "" : " (" + why + ")") + "; ignored");
  }
  if (const Value& v = row.at("RESOURCES"); !v.unset()) {
    auto items = listItems(v);
    if (!items)
      diag.warn(h.line, items.status().message() + " in RESOURCES; ignored");
    else
      for (const auto& it : *items) readHostResource(it, h, ctx, h.line, diag);
  }
  auto text = [&](const char* c) {
    const Value& v = row.at(c);
    return v.unset() ? std::string() : v.text;
  };
  readHostLimits({text("MXJ"), text("ideal_load"), text("max_load")}, h, diag);
  ctx.snap.hostIndex.emplace(lower(h.name), ctx.snap.hosts.size());
  ctx.snap.hosts.push_back(std::move(h));
}

}  // namespace

void readHostSection(const Section& s, BuildContext& ctx, DiagSink& diag) {
  // A Host row that cannot be read is an error: skipping it would drop a host from the
  // cluster on reconfig, with nothing but a warning to say so.
  Table t = readTable(s, diag, true);
  int col = t.column("HOSTNAME");
  if (col < 0) {
    diag.error(t.headerLine ? t.headerLine : s.beginLine, "Host section has no HOSTNAME column");
    return;
  }
  auto thresholds = thresholdColumns(t, ctx, diag);
  for (const auto& r : t.rejected) ctx.rejectedHosts.insert(lower(Table::valueAt(r, col)));
  for (const auto& r : t.rows) readHostRow(HostRow{t, r}, thresholds, ctx, diag);
}

}  // namespace openlim::config
