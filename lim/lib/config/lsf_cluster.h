#pragma once
// lsf.cluster.<name>: Parameters, ClusterAdmins, Host, HostGroup and ResourceMap sections.

#include <string_view>

#include "config/build_context.h"
#include "config/diag.h"
#include "config/sections.h"

namespace openlim::config {

// REQUIRES: lsf.shared already read into ctx (resources, models, types).
// Host sections are read before ResourceMap sections wherever they appear in the file.
void readLsfCluster(std::string_view text, BuildContext& ctx, DiagSink& diag);

void readHostSection(const Section& s, BuildContext& ctx, DiagSink& diag);
void readResourceMapSection(const Section& s, BuildContext& ctx, DiagSink& diag);
// Every HostGroup section at once (groups may name groups of a later section), after the
// Host section: fills ctx.snap.hostGroups, each resolved to its hosts.
void readHostGroupSections(const std::vector<const Section*>& sections, BuildContext& ctx,
                           DiagSink& diag);

}  // namespace openlim::config
