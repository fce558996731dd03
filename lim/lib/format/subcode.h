#pragma once
// A Status's subcode as the lim's replies name it: the "subcode" member next to "code"
// (docs/protocol.md). One table, read by the reply writer and the client's reply parser.

#include <string_view>

#include "openlim/status.h"

namespace openlim::format {

// The wire name ("unknownhost", ...); "" for kNone.
std::string_view subcodeName(Subcode s);
// The subcode a name stands for; kNone for "" and for a name this version does not know (a
// newer lim's finer case reads as its code alone).
Subcode subcodeFromName(std::string_view name);

}  // namespace openlim::format
