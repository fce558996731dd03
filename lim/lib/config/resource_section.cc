// lsf.shared Resource section: one ResourceDef per row, checked against the built-ins.
#include <optional>

#include "config/builtins.h"
#include "config/lsf_shared.h"
#include "util/strict_number.h"

namespace openlim::config {

namespace {

const char* typeName(ResourceType t) {
  switch (t) {
    case ResourceType::kNumeric:
      return "Numeric";
    case ResourceType::kString:
      return "String";
    case ResourceType::kBoolean:
      break;
  }
  return "Boolean";
}

std::optional<bool> yesNo(const std::string& v) {
  if (iequals(v, "y") || iequals(v, "yes")) return true;
  if (iequals(v, "n") || iequals(v, "no")) return false;
  return std::nullopt;
}

// The row's cells by column name; a missing column reads as unset.
struct Cells {
  const Table& t;
  const Row& r;
  const Value* get(const char* c) const {
    static const Value kUnset{Value::Kind::kWord, "-"};
    int i = t.column(c);
    return i < 0 ? &kUnset : &r.values[static_cast<size_t>(i)];
  }
};

// TYPE and INCREASING; false when the resource must be ignored (already reported).
bool readTypeAndDirection(const Cells& c, ResourceDef& d, DiagSink& diag) {
  const Value* type = c.get("TYPE");
  if (type->unset())
    d.type = ResourceType::kBoolean;
  else if (iequals(type->text, "Numeric"))
    d.type = ResourceType::kNumeric;
  else if (iequals(type->text, "String"))
    d.type = ResourceType::kString;
  else if (iequals(type->text, "Boolean"))
    d.type = ResourceType::kBoolean;
  else {
    diag.warn(d.line, "bad TYPE " + q(type->text) + " for resource " + q(d.name) +
                          " (want Numeric, Boolean or String); resource ignored");
    return false;
  }
  const Value* inc = c.get("INCREASING");
  if (d.type != ResourceType::kNumeric) {
    if (!inc->unset())
      diag.warn(d.line, "INCREASING is meaningless for " + std::string(typeName(d.type)) +
                            " resource " + q(d.name) + "; ignored");
    return true;
  }
  if (inc->unset()) {
    diag.warn(d.line, "Numeric resource " + q(d.name) + " has no INCREASING; resource ignored");
    return false;
  }
  auto y = yesNo(inc->text);
  if (!y) {
    diag.warn(d.line, "bad INCREASING " + q(inc->text) + " for resource " + q(d.name) +
                          " (want Y or N); resource ignored");
    return false;
  }
  d.direction = *y ? Direction::kIncreasing : Direction::kDecreasing;
  return true;
}

void readInterval(const Cells& c, ResourceDef& d, DiagSink& diag) {
  const Value* iv = c.get("INTERVAL");
  if (iv->unset()) return;
  if (d.type == ResourceType::kBoolean) {
    diag.warn(d.line, "INTERVAL is meaningless for Boolean resource " + q(d.name) + "; ignored");
    return;
  }
  auto n = parseDouble(iv->text);
  if (!n || *n <= 0) {
    diag.warn(d.line, "bad INTERVAL " + q(iv->text) + " for resource " + q(d.name) +
                          " (want seconds > 0); ignored, resource is static");
    return;
  }
  d.interval = *n;
  d.dynamic = true;
}

void readFlag(const Cells& c, const char* col, bool* out, ResourceDef& d, DiagSink& diag) {
  const Value* v = c.get(col);
  if (v->unset()) return;
  if (d.type != ResourceType::kNumeric) {
    diag.warn(d.line, std::string(col) + " is meaningless for " + typeName(d.type) + " resource " +
                          q(d.name) + "; ignored");
    return;
  }
  auto y = yesNo(v->text);
  if (!y)
    diag.warn(d.line, "bad " + std::string(col) + " " + q(v->text) + " for resource " + q(d.name) +
                          " (want Y or N); ignored");
  else
    *out = *y;
}

// A re-declared built-in is accepted only with the same type and direction.
void checkBuiltin(const ResourceDef& d, const ResourceDef& b, DiagSink& diag) {
  if (d.type == b.type && (d.type != ResourceType::kNumeric || d.direction == b.direction)) return;
  diag.warn(d.line, "resource " + q(d.name) + " redefines a built-in resource with another " +
                        "type or direction; ignored");
}

void readResourceRow(const Table& t, const Row& r, BuildContext& ctx, DiagSink& diag) {
  Cells c{t, r};
  ResourceDef d;
  d.name = c.get("RESOURCENAME")->text;
  d.line = r.line;
  if (const ResourceDef* prev = ctx.snap.findResource(d.name); prev && !prev->builtin) {
    diag.warn(r.line, "duplicate resource " + q(d.name) + " (first at line " +
                          std::to_string(prev->line) + "); ignored");
    return;
  }
  bool isBuiltin = ctx.snap.findResource(d.name) != nullptr;
  if (std::string bad = badResourceName(d.name); !bad.empty() && !isBuiltin) {
    diag.warn(r.line, bad + "; ignored");
    ctx.rejectedResources.insert(d.name);
    return;
  }
  if (!readTypeAndDirection(c, d, diag)) {
    if (!isBuiltin) ctx.rejectedResources.insert(d.name);
    return;
  }
  if (isBuiltin) return checkBuiltin(d, *ctx.snap.findResource(d.name), diag);
  readInterval(c, d, diag);
  readFlag(c, "CONSUMABLE", &d.consumable, d, diag);
  readFlag(c, "RELEASE", &d.release, d, diag);
  d.description = c.get("DESCRIPTION")->unset() ? "" : c.get("DESCRIPTION")->text;
  if (d.description.size() > 256) {
    diag.warn(r.line, "DESCRIPTION of " + q(d.name) + " is longer than 256; truncated");
    d.description.resize(256);
  }
  ctx.snap.resourceIndexByName.emplace(d.name, ctx.snap.resources.size());
  ctx.snap.resources.push_back(std::move(d));
}

}  // namespace

void readResourceSection(const Section& s, BuildContext& ctx, DiagSink& diag) {
  Table t = readTable(s, diag);
  warnUnknownColumns(
      t, s,
      {"RESOURCENAME", "TYPE", "INTERVAL", "INCREASING", "CONSUMABLE", "RELEASE", "DESCRIPTION"},
      diag);
  int col = t.column("RESOURCENAME");
  if (col < 0) {
    if (t.headerLine) diag.error(t.headerLine, "Resource section has no RESOURCENAME column");
    return;
  }
  for (const auto& r : t.rejected) ctx.rejectedResources.insert(Table::valueAt(r, col));
  for (const auto& r : t.rows) readResourceRow(t, r, ctx, diag);
}

}  // namespace openlim::config
