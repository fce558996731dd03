// LimServer::handleRequest: routes one TCP request (docs/protocol.md) to its op.
#include <Poco/JSON/Parser.h>
#include <spdlog/spdlog.h>

#include "json_util.h"
#include "lim_server.h"
#include "openlim/version.h"
#include "queries.h"

namespace openlim::lim {
namespace {

using Poco::JSON::Object;

bool isAdminOp(const std::string& op) {
  return op == "reconfig" || op == "lock" || op == "unlock" || op == "shutdown" || op == "restart";
}

}  // namespace

std::string LimServer::handleRequest(const protocol::Frame& f, double now) {
  Object::Ptr req;
  try {
    req = Poco::JSON::Parser().parse(f.body).extract<Object::Ptr>();
  } catch (const std::exception& e) {
    ++counters_.malformed;
    return errorReply("syntax", std::string("bad JSON request: ") + e.what());
  }
  if (!req) return errorReply("syntax", "request is not a JSON object");
  std::string op;
  try {
    op = req->optValue<std::string>("op", "");
    if (isAdminOp(op)) {
      ++counters_.admin_requests;
      if (!f.isSigned) {
        ++counters_.admin_denied;
        return errorReply("denied", "Permission denied: " + op +
                                        " must be signed with the cluster key (LSF_AUTH_KEYFILE)");
      }
      if (!fresh("client:" + req->optValue<std::string>("sender", "?"), f)) {
        ++counters_.admin_denied;
        return errorReply("denied", "Permission denied: replayed request");
      }
      return adminRequest(op, f.body, now);
    }
    ++counters_.queries;
    if (op == "id") {
      Object::Ptr o = new Object;
      o->set("ok", true);
      o->set("cluster", config_->clusterName);
      o->set("master", election_->master());
      o->set("version", kVersionString);
      o->set("host", opts_.host);
      return jsonText(o);
    }
    if (op == "status") return statusReply();
    if (op == "elimstatus") return elimStatusReply(req->optValue<std::string>("host", ""));
    if (op != "load" && op != "hosts" && op != "info" && op != "place" && op != "shared")
      return errorReply("syntax", "unknown op \"" + op + "\"");
    if (!election_->isMaster()) {
      if (election_->master().empty()) return errorReply("unavailable", "LIM is down; try later");
      Object::Ptr o = new Object;
      o->set("ok", false);
      o->set("redirect", election_->master());
      return jsonText(o);
    }
    QueryContext ctx{table_->snapshot(now), opts_.host, &cache_, table_.get(), now};
    if (op == "load") return queryLoad(req, ctx);
    if (op == "hosts") return queryHosts(req, ctx);
    if (op == "info") return queryInfo(ctx);
    if (op == "place") return queryPlace(req, ctx);
    return queryShared(req, ctx);
  } catch (const std::exception& e) {
    return errorReply("syntax", "bad request field: " + std::string(e.what()));
  }
}

}  // namespace openlim::lim
