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
#include "protocol/request.h"

namespace openlim::lim {

using format::Json;

using format::errorReply;
using format::jsonText;
using format::jstrings;

// A request body and its routing fields (op, sender) are read by the pure protocol/request.h
// (the fuzz target drives the same code); an op's own fields are decoded strictly by
// master/query_request.h.
using protocol::parseRequest;
using protocol::reqString;

}  // namespace openlim::lim
