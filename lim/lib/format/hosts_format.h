#pragma once
// lshosts's layouts (LSF's command reference): the one-line table (plain, -w) and the long form
// (-l) with RESOURCES and LOAD_THRESHOLDS. Pure.

#include <string>
#include <vector>

#include "openlim/model.h"

namespace openlim::format {

std::string formatHosts(const std::vector<HostInfo>& hosts, bool wide);
// -l: one block per host; the threshold columns are the built-in indices and the cluster's
// external per-host indices.
std::string formatHostsLong(const std::vector<HostInfo>& hosts, const ClusterInfo& info);

}  // namespace openlim::format
