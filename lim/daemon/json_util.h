#pragma once
// Requests are parsed with the pure format::parseJson; replies are format::Json trees or, for
// the big ones (load, hosts), written in place by format::JsonWriter. Objects on the wire keep
// the member order of the POCO-built replies they replace: keys sorted (byte order).

#include <string>
#include <string_view>
#include <vector>

#include "format/json.h"
#include "format/json_writer.h"
#include "openlim/status.h"
#include "protocol/request.h"

namespace openlim::lim {

using format::Json;

inline Json jnum(double v) {
  return Json::number(v);
}  // NaN becomes null
Json jstrings(const std::vector<std::string>& v);
// A copy with every object's members sorted by key (stable), recursively.
Json sortedKeys(const Json& v);
// The compact text of `o` with sorted keys: small replies.
std::string jsonText(const Json& o);
std::string errorReply(const std::string& code, const std::string& message);

// Requests are read by the pure protocol/request.h (the fuzz target drives the same code).
using protocol::parseRequest;
using protocol::reqBool;
using protocol::reqInt;
using protocol::reqNumber;
using protocol::reqString;
using protocol::reqStrings;

}  // namespace openlim::lim
