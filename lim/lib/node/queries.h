#pragma once
// The read-only query ops of docs/protocol.md (load, hosts, info, place, loadadj, policy,
// shared): the request's JSON decoded (master/query_request.h), answered by the core's query
// service (master/query_service.h) and the reply model written as JSON
// (master/query_reply_json.h). This file only strings the three together.

#include "format/json.h"
#include "master/query_service.h"
#include "node/answer.h"

namespace openlim::node {

using QueryContext = master::QueryContext;

Answer queryLoad(const format::Json& req, const QueryContext& ctx);
Answer queryHosts(const format::Json& req, const QueryContext& ctx);
Answer queryInfo(const format::Json& req, const QueryContext& ctx);
Answer queryPlace(const format::Json& req, const QueryContext& ctx);
// loadadj: the load of tasks placed outside the lim (ls_loadadj).
Answer queryLoadAdj(const format::Json& req, const QueryContext& ctx);
Answer queryPolicy(const format::Json& req, const QueryContext& ctx);
Answer queryShared(const format::Json& req, const QueryContext& ctx);

}  // namespace openlim::node
