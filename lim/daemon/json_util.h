#pragma once
// The daemon's request and reply helpers: requests are parsed with the pure format::parseJson;
// its own small replies are format::Json trees written with sorted keys (format/reply_json.h);
// the query ops' replies come from master/query_reply_json.h.

#include <string>
#include <string_view>
#include <vector>

#include "format/json.h"
#include "format/json_writer.h"
#include "format/reply_json.h"
#include "openlim/status.h"

namespace openlim::lim {

using format::Json;

using format::errorReply;
using format::jsonText;
using format::jstrings;

// A request body: a JSON object, else kInvalid with the reason.
Result<Json> parseRequest(std::string_view text);
// A request field read leniently: `fallback` when absent or of another type. Only for the
// op and the sender, which route a request; an op's own fields are decoded strictly by
// master/query_request.h.
std::string reqString(const Json& req, std::string_view key, std::string fallback = "");

}  // namespace openlim::lim
