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

namespace openlim::lim {

using format::Json;

inline Json jnum(double v) { return Json::number(v); }  // NaN becomes null
Json jstrings(const std::vector<std::string>& v);
// A copy with every object's members sorted by key (stable), recursively.
Json sortedKeys(const Json& v);
// The compact text of `o` with sorted keys: small replies.
std::string jsonText(const Json& o);
std::string errorReply(const std::string& code, const std::string& message);

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
