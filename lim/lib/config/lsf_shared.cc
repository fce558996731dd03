// lsf.shared reader: Cluster, HostType, HostModel (Resource is in resource_section.cc).
#include "config/lsf_shared.h"

#include <algorithm>

#include "config/builtins.h"
#include "config/sections.h"
#include "util/strict_number.h"

namespace openlim::config {

namespace {

void readCluster(const Section& s, BuildContext& ctx, DiagSink& diag) {
  Table t = readTable(s, diag);
  warnUnknownColumns(t, s, {"ClusterName", "Servers"}, diag);
  int col = t.column("ClusterName");
  if (col < 0) {
    if (t.headerLine) diag.error(t.headerLine, "Cluster section has no ClusterName column");
    return;
  }
  for (const auto& r : t.rows) {
    const std::string& name = r.values[static_cast<size_t>(col)].text;
    if (std::string bad = badModelName(name); !bad.empty()) {
      diag.warn(r.line, "bad cluster " + bad + "; ignored");
    } else if (ctx.snap.clusterName.empty()) {
      ctx.snap.clusterName = name;
    } else {
      diag.warn(r.line, "only one cluster is read; cluster " + q(name) + " ignored");
    }
  }
}

void readHostTypes(const Section& s, BuildContext& ctx, DiagSink& diag) {
  Table t = readTable(s, diag);
  warnUnknownColumns(t, s, {"TYPENAME"}, diag);
  int col = t.column("TYPENAME");
  if (col < 0) {
    if (t.headerLine) diag.error(t.headerLine, "HostType section has no TYPENAME column");
    return;
  }
  for (const auto& r : t.rejected) ctx.rejectedTypes.insert(Table::valueAt(r, col));
  auto& types = ctx.snap.hostTypes;
  for (const auto& r : t.rows) {
    const std::string& name = r.values[static_cast<size_t>(col)].text;
    if (std::string bad = badModelName(name); !bad.empty()) {
      diag.warn(r.line, "bad host type " + bad + "; ignored");
      ctx.rejectedTypes.insert(name);
    } else if (std::find(types.begin(), types.end(), name) != types.end()) {
      diag.warn(r.line, "duplicate host type " + q(name) + "; ignored");
    } else {
      types.push_back(name);
    }
  }
}

void readModelRow(const Table& t, const Row& r, BuildContext& ctx, DiagSink& diag) {
  auto at = [&](const char* c) -> const Value* {
    int i = t.column(c);
    return i < 0 ? nullptr : &r.values[static_cast<size_t>(i)];
  };
  HostModel m{at("MODELNAME")->text, 1.0, "", r.line};
  if (std::string bad = badModelName(m.name); !bad.empty()) {
    diag.warn(r.line, "bad host model " + bad + "; ignored");
    ctx.rejectedModels.insert(m.name);
    return;
  }
  if (const HostModel* prev = ctx.snap.findModel(m.name)) {
    diag.warn(r.line, "duplicate host model " + q(m.name) + " (first at line " +
                          std::to_string(prev->line) + "); ignored");
    return;
  }
  if (const Value* cf = at("CPUFACTOR"); cf && !cf->unset()) {
    auto d = parseDouble(cf->text);
    if (!d || *d <= 0) {
      diag.warn(r.line, "bad CPUFACTOR " + q(cf->text) + " for host model " + q(m.name) +
                            "; model ignored");
      ctx.rejectedModels.insert(m.name);
      return;
    }
    m.cpuFactor = *d;
  }
  if (const Value* a = at("ARCHITECTURE"); a && !a->unset()) m.architecture = a->text;
  ctx.snap.models.push_back(std::move(m));
}

void readHostModels(const Section& s, BuildContext& ctx, DiagSink& diag) {
  Table t = readTable(s, diag);
  warnUnknownColumns(t, s, {"MODELNAME", "CPUFACTOR", "ARCHITECTURE"}, diag);
  int col = t.column("MODELNAME");
  if (col < 0) {
    if (t.headerLine) diag.error(t.headerLine, "HostModel section has no MODELNAME column");
    return;
  }
  for (const auto& r : t.rejected) ctx.rejectedModels.insert(Table::valueAt(r, col));
  for (const auto& r : t.rows) readModelRow(t, r, ctx, diag);
}

}  // namespace

void readLsfShared(std::string_view text, BuildContext& ctx, DiagSink& diag) {
  for (const auto& s : readSections(text, diag)) {
    if (iequals(s.name, "Cluster"))
      readCluster(s, ctx, diag);
    else if (iequals(s.name, "HostType"))
      readHostTypes(s, ctx, diag);
    else if (iequals(s.name, "HostModel"))
      readHostModels(s, ctx, diag);
    else if (iequals(s.name, "Resource"))
      readResourceSection(s, ctx, diag);
    else if (!s.name.empty())
      diag.warn(s.beginLine, "unknown section " + q(s.name) + "; ignored");
  }
}

}  // namespace openlim::config
