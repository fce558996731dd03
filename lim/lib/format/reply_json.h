#pragma once
// Small helpers for the lim's JSON replies (docs/protocol.md). Objects on the wire keep the
// member order of the POCO-built replies they replaced: keys sorted (byte order).

#include <string>
#include <vector>

#include "format/json.h"
#include "openlim/status.h"

namespace openlim::format {

Json jstrings(const std::vector<std::string>& v);
// A copy with every object's members sorted by key (stable), recursively.
Json sortedKeys(const Json& v);
// The compact text of `o` with sorted keys: small replies.
std::string jsonText(const Json& o);
// {"code":code,"error":message,"ok":false}, plus "subcode" when there is one (format/subcode.h).
std::string errorReply(const std::string& code, const std::string& message,
                       Subcode subcode = Subcode::kNone);

}  // namespace openlim::format
