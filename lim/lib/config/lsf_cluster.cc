// lsf.cluster.<name> reader: section dispatch, Parameters and ClusterAdmins.
#include "config/lsf_cluster.h"

#include "config/params.h"

namespace openlim::config {

namespace {

void readParameters(const Section& s, BuildContext& ctx, DiagSink& diag) {
  for (const auto& p : readParams(s, diag)) {
    if (!applyParam(p.key, p.value, p.line, &ctx.snap.params, diag))
      diag.warn(p.line, "unknown parameter " + q(p.key) + "; ignored");
    else if (isElimKnob(p.key))
      ctx.clusterElimKnobs[elimKnobName(p.key)] = p.line;
  }
}

void readAdmins(const Section& s, BuildContext& ctx, DiagSink& diag) {
  for (const auto& p : readParams(s, diag)) {
    if (!iequals(p.key, "Administrators")) {
      diag.warn(p.line, "unknown key " + q(p.key) + " in ClusterAdmins; ignored");
      continue;
    }
    auto items = tokenize(p.value);
    if (!items) {
      diag.warn(p.line, items.status().message() + "; Administrators ignored");
      continue;
    }
    for (auto& v : *items) ctx.snap.admins.push_back(v.text);
  }
}

}  // namespace

void readLsfCluster(std::string_view text, BuildContext& ctx, DiagSink& diag) {
  std::vector<Section> sections = readSections(text, diag);
  std::vector<const Section*> maps, groups;
  for (const auto& s : sections) {
    if (iequals(s.name, "Parameters"))
      readParameters(s, ctx, diag);
    else if (iequals(s.name, "ClusterAdmins"))
      readAdmins(s, ctx, diag);
    else if (iequals(s.name, "Host"))
      readHostSection(s, ctx, diag);
    else if (iequals(s.name, "ResourceMap"))
      maps.push_back(&s);
    else if (iequals(s.name, "HostGroup"))
      groups.push_back(&s);
    else if (!s.name.empty())
      diag.warn(s.beginLine, "unknown section " + q(s.name) + "; ignored");
  }
  if (!groups.empty()) readHostGroupSections(groups, ctx, diag);
  for (const Section* s : maps) readResourceMapSection(*s, ctx, diag);
}

}  // namespace openlim::config
