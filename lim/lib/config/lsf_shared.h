#pragma once
// lsf.shared: Cluster, HostType, HostModel and Resource sections.

#include <string_view>

#include "config/build_context.h"
#include "config/diag.h"
#include "config/sections.h"

namespace openlim::config {

// REQUIRES: ctx.snap.resources already holds the built-ins (they are protected).
// Sets clusterName (first ClusterName; empty when there is none), hostTypes, models, and
// appends the site resources in file order.
void readLsfShared(std::string_view text, BuildContext& ctx, DiagSink& diag);

// One Resource section row (exposed for the Resource section tests and the fuzzer).
void readResourceSection(const Section& s, BuildContext& ctx, DiagSink& diag);

}  // namespace openlim::config
