#pragma once
// The `load` reply read from its text straight into the flat model (format::LoadSnapshot):
// at 10,000 hosts a Json tree of it would be ~50 MB of nodes, built and freed for one table.

#include <string_view>

#include "format/json.h"
#include "openlim/model.h"
#include "openlim/status.h"

namespace openlim::format {

struct LoadReply {
  format::Json head;  // the reply's top-level scalars (ok, code, error, redirect...)
  format::LoadSnapshot snapshot;
};

// Missing fields take their defaults and a wrong type is unknown (as every reply parser);
// kInvalid only for text that is not JSON.
Result<LoadReply> parseLoadReply(std::string_view text);

// The same for a reply already parsed (tests and the fuzz target).
format::LoadSnapshot parseLoad(const format::Json& reply);

}  // namespace openlim::format
