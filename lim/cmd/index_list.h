#pragma once
// The -I index list of lsload and lsmon: `r1m:mem:nio`, checked against the cluster's indices.

#include <string>
#include <vector>

#include "openlim/model.h"
#include "openlim/status.h"

namespace openlim::cmd {

std::vector<std::string> splitColons(const std::string& s);

// Built-in indices and external per-host numeric indices only (LSF's rule); kNotFound
// "Bad index name list" otherwise.
Status checkIndices(const std::vector<std::string>& names, const format::ClusterInfo& info);

}  // namespace openlim::cmd
