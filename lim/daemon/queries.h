#pragma once
// The read-only query ops of docs/protocol.md (load, hosts, info, place, shared): the
// request's JSON decoded (master/query_request.h), answered by the core's query service
// (master/query_service.h) and the reply model written as JSON (master/query_reply_json.h).
// This file only strings the three together.

#include <string>

#include "format/json.h"
#include "master/query_service.h"

namespace openlim::lim {

using QueryContext = master::QueryContext;

std::string queryLoad(const format::Json& req, const QueryContext& ctx);
std::string queryHosts(const format::Json& req, const QueryContext& ctx);
std::string queryInfo(const QueryContext& ctx);
std::string queryPlace(const format::Json& req, const QueryContext& ctx);
std::string queryPolicy(const format::Json& req, const QueryContext& ctx);
std::string queryShared(const format::Json& req, const QueryContext& ctx);

}  // namespace openlim::lim
