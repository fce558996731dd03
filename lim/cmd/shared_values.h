#pragma once
// Helpers the query commands share.

#include <string>
#include <vector>

#include "command.h"

namespace openlim::cmd {

format::Json toArray(const std::vector<std::string>& v);

// True when `names` is empty or lists `resource`.
bool named(const std::vector<std::string>& names, const std::string& resource);

// lsload -s (dynamic) and lshosts -s (static): RESOURCE VALUE LOCATION for the instances
// of the resources named in a.operands (all when none); exit 1 for a name without one.
int printShared(const ParsedArgs& a, CmdIo& io, bool dynamic, const std::string& cmd);

}  // namespace openlim::cmd
