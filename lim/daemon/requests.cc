// LimServer::handleRequest: routes one TCP request (docs/protocol.md) to its op.
#include <spdlog/spdlog.h>

#include "json_util.h"
#include "lim_server.h"
#include "master/query_reply_json.h"
#include "master/query_request.h"
#include "openlim/version.h"
#include "queries.h"

namespace openlim::lim {
namespace {

bool isAdminOp(const std::string& op) {
  return op == "reconfig" || op == "lock" || op == "unlock" || op == "shutdown" || op == "restart";
}

}  // namespace

std::string LimServer::handleRequest(const protocol::Frame& f, double now) {
  auto parsed = parseRequest(f.body);
  if (!parsed) {
    ++counters_.malformed;
    return errorReply("syntax", "bad JSON request: " + parsed.status().message());
  }
  const Json& req = *parsed;
  std::string op = reqString(req, "op");
  if (isAdminOp(op)) {
    ++counters_.admin_requests;
    if (!f.isSigned) {
      ++counters_.admin_denied;
      return errorReply("denied", "Permission denied: " + op +
                                      " must be signed with the cluster key (LSF_AUTH_KEYFILE)");
    }
    if (!fresh("client:" + reqString(req, "sender", "?"), f)) {
      ++counters_.admin_denied;
      return errorReply("denied", "Permission denied: replayed request");
    }
    return adminRequest(op, req, now);
  }
  ++counters_.queries;
  if (op == "id") {
    Json o = Json::object();
    o.add("cluster", Json::string(config_->clusterName));
    o.add("host", Json::string(opts_.host));
    o.add("master", Json::string(election_->master()));
    o.add("ok", Json::boolean(true));
    o.add("version", Json::string(kVersionString));
    return o.compact();
  }
  if (op == "status") return statusReply();
  if (op == "elimstatus") {
    auto q = master::decodeElimStatusRequest(req);
    return q ? elimStatusReply(q->host, now) : master::errorReplyJson(q.status());
  }
  if (op != "load" && op != "hosts" && op != "info" && op != "place" && op != "shared")
    return errorReply("syntax", "unknown op \"" + op + "\"");
  if (!election_->isMaster()) {
    if (election_->master().empty()) return errorReply("unavailable", "LIM is down; try later");
    Json o = Json::object();
    o.add("ok", Json::boolean(false));
    o.add("redirect", Json::string(election_->master()));
    return o.compact();
  }
  QueryContext ctx{table_->snapshot(now), opts_.host, &cache_, table_.get(), now};
  if (op == "load") return queryLoad(req, ctx);
  if (op == "hosts") return queryHosts(req, ctx);
  if (op == "info") return queryInfo(ctx);
  if (op == "place") return queryPlace(req, ctx);
  return queryShared(req, ctx);
}

}  // namespace openlim::lim
