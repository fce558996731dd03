#pragma once
// The file lsmon -L appends to, laid out as LSF's lim.acct: a first line naming the load
// indices recorded, then at each refresh one line per host:
//   <time> <host> <status> <value> ...
// time in seconds since the epoch, status as lsload prints it (ok, busy, lockU, unavail ...),
// each value the raw number the lim reported (run queues not normalised, memory in MB) or
// "-" when unknown. Blank-separated, so a script splits it without a parser. Pure.

#include <string>
#include <vector>

#include "openlim/model.h"

namespace openlim::format {

// The indices a record holds: -I's list when given, else lsload's ten default indices.
std::vector<std::string> acctIndices(const LoadOptions& opts);

// The first line of a new file.
std::string acctHeader(const std::vector<std::string>& indices);

// One refresh: one line per host of the reply, in its order.
std::string acctRecord(const LoadSnapshot& snap, const std::vector<std::string>& indices,
                       long long time);

}  // namespace openlim::format
