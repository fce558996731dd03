#pragma once
// lsload's tables (LSF's command reference): the load table (plain, -l, -w, -I, -N/-E) and the
// `RESOURCE VALUE LOCATION` table of lsload -s / lshosts -s. Pure.

#include <string>
#include <vector>

#include "openlim/model.h"

namespace openlim::format {

// An external load index: a dynamic numeric per-host resource other than the built-ins (an
// elim's value; shared resources have one value per instance, not per host).
bool isExternalIndex(const ResourceInfo& r);
// The cluster's load indices in LSF's order (hostLoad.li, lsInfo.resTable's first numIndx
// entries): the eleven built-ins, then the external indices in the configuration's order.
std::vector<std::string> loadIndexNames(const ClusterInfo& info);

// The columns lsload shows: -I's list, else -l's (built-ins with io, external per-host
// indices, then shared and string values), else the ten default indices.
std::vector<std::string> loadColumns(const ClusterInfo& info, const LoadOptions& opts);

// The whole table, header first, one line per host in the snapshot's order.
std::string formatLoad(const LoadSnapshot& snap, const ClusterInfo& info, const LoadOptions& opts);

// RESOURCE VALUE LOCATION (`%-25s%20s%15s`, locations wrapped at column 80).
std::string formatSharedValues(const std::vector<SharedInstance>& instances);

}  // namespace openlim::format
