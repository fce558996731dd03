#pragma once
// lsplace's online mode: asks the master's `place` op (local = the local host, so the
// implicit type==local applies) and prints the answer exactly as the offline mode does.

#include <string>

#include "lsplace_options.h"
#include "out.h"
#include "querier.h"

namespace openlim::cmd {

int placeOnline(const LsplaceOptions& o, Querier& lim, const std::string& localHost, Out& out,
                Out& err);

// The same with the real client built from the environment.
int placeOnlineMain(const LsplaceOptions& o);

}  // namespace openlim::cmd
