#pragma once
// Requests are parsed with the pure format::parseJson; replies are format::Json trees or, for
// the big ones (load, hosts), written in place by format::JsonWriter. Objects on the wire keep
// the member order of the POCO-built replies they replace: keys sorted (byte order).

#include <string>
#include <string_view>
#include <vector>

#include "format/json.h"
#include "format/json_writer.h"
#include "format/reply_json.h"
#include "openlim/status.h"

namespace openlim::lim {

using format::Json;

// NaN becomes null.
inline Json jnum(double v) {
  return Json::number(v);
}
using format::errorReply;
using format::jsonText;
using format::jstrings;
using format::sortedKeys;

// A request body: a JSON object, else kInvalid with the reason.
Result<Json> parseRequest(std::string_view text);
// Request fields; `fallback` when absent or of another type.
std::string reqString(const Json& req, std::string_view key, std::string fallback = "");
double reqNumber(const Json& req, std::string_view key, double fallback);
int reqInt(const Json& req, std::string_view key, int fallback);
bool reqBool(const Json& req, std::string_view key, bool fallback);
// The strings of an array member (other items skipped); empty when absent.
std::vector<std::string> reqStrings(const Json& req, std::string_view key);

}  // namespace openlim::lim
