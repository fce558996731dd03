// LimServer::handleRequest: routes one TCP request (docs/protocol.md) to its op.
#include <spdlog/spdlog.h>

#include <ctime>

#include "format/text.h"
#include "json_util.h"
#include "lim_server.h"
#include "master/query_reply_json.h"
#include "master/query_request.h"
#include "master/request_route.h"
#include "openlim/version.h"
#include "policy/local_time.h"
#include "policy/policy_config.h"
#include "queries.h"

namespace openlim::lim {

std::string LimServer::handleRequest(const protocol::Frame& f, double now) {
  const double start = monotonicNow();
  std::string op;
  std::string reply = answerRequest(f, now, &op);
  // An error reply is small; a deferred one (elimstatus) is timed up to its hand-off.
  const bool failed =
      !reply.empty() && reply.size() <= 4096 && reply.find("\"ok\":false") != std::string::npos;
  requestStats_.record(op, monotonicNow() - start, !failed);
  return reply;
}

// lsid. With "period": true (lsid asks), the calendar period in force at the master's local
// time and its default policy: a non-master that knows the master redirects there, as for
// the queries, so the answer is always the master's clock and configuration.
std::string LimServer::idReply(const format::Json& req) {
  const Json* wantsPeriod = req.find("period");
  bool period = wantsPeriod != nullptr && wantsPeriod->isBool() && wantsPeriod->asBool();
  if (period && !election_->isMaster() && !election_->master().empty()) {
    Json o = Json::object();
    o.add("ok", Json::boolean(false));
    o.add("redirect", Json::string(election_->master()));
    return o.compact();
  }
  Json o = Json::object();
  Json admins = Json::array();
  for (const auto& a : config_->admins) admins.push(Json::string(a));
  o.add("admins", std::move(admins));
  o.add("cluster", Json::string(config_->clusterName));
  o.add("host", Json::string(opts_.host));
  o.add("master", Json::string(election_->master()));
  o.add("ok", Json::boolean(true));
  if (period && election_->isMaster()) {
    std::time_t wall = std::time(nullptr);
    std::tm local{};
    localtime_r(&wall, &local);
    if (auto s = policy::summarizePeriod(*config_, policy::fromTm(local))) {
      o.add("period", Json::string(s->period));
      o.add("policy", Json::string(s->defaultPolicy));
    }
  }
  o.add("version", Json::string(kVersionString));
  return o.compact();
}

// Decodes, asks master::routeRequest where the request goes, and does it.
std::string LimServer::answerRequest(const protocol::Frame& f, double now, std::string* opOut) {
  auto parsed = parseRequest(f.body);
  if (!parsed) {
    ++counters_.malformed;
    return errorReply("syntax", "bad JSON request: " + parsed.status().message());
  }
  const Json& req = *parsed;
  auto decodedOp = master::decodeOp(req);
  if (!decodedOp) {
    ++counters_.malformed;
    return master::errorReplyJson(decodedOp.status());
  }
  std::string op = *decodedOp;
  *opOut = op;
  master::Route route =
      master::routeRequest(op, f.isSigned, election_->isMaster(), election_->master());
  if (master::isAdminOp(op)) ++counters_.admin_requests;
  switch (route) {
    case master::Route::kAdminUnsigned:
      ++counters_.admin_denied;
      return errorReply("denied", "Permission denied: " + op +
                                      " must be signed with the cluster key (LSF_AUTH_KEYFILE)");
    case master::Route::kAdmin:
      if (!fresh("client:" + reqString(req, "sender", "?"), f)) {
        ++counters_.admin_denied;
        return errorReply("denied", "Permission denied: replayed request");
      }
      return adminRequest(op, req, now);
    case master::Route::kReservation:
      // Signed: a lim forwarding a command's verified request (or the key's holder).
      if (f.isSigned && !fresh("client:" + reqString(req, "sender", "?"), f))
        return errorReply("denied", "Permission denied: replayed request");
      ++counters_.queries;
      return reservationRequest(op, req, f.isSigned, now);
    default:
      break;
  }
  ++counters_.queries;
  switch (route) {
    case master::Route::kId:
      return idReply(req);
    case master::Route::kStatus:
      return statusReply();
    case master::Route::kElimStatus: {
      auto q = master::decodeElimStatusRequest(req);
      return q ? elimStatusReply(q->host, now) : master::errorReplyJson(q.status());
    }
    case master::Route::kUnknownOp:
      return errorReply("syntax", "unknown op \"" + format::clipEcho(op) + "\"");
    case master::Route::kMasterUnknown:
      return errorReply("unavailable", "LIM is down; try later");
    case master::Route::kRedirect: {
      Json o = Json::object();
      o.add("ok", Json::boolean(false));
      o.add("redirect", Json::string(election_->master()));
      return o.compact();
    }
    default:
      break;
  }
  QueryContext ctx{table_->snapshot(now), opts_.host, &cache_, table_.get(), now};
  ctx.policyState = &policyState_;
  if (op == "policy" || op == "load" ||
      op == "place") {  // the policies' calendar reads the local time
    std::time_t wall = std::time(nullptr);
    std::tm local{};
    localtime_r(&wall, &local);
    ctx.local = policy::fromTm(local);
    ctx.wallNow = static_cast<double>(wall);
  }
  if (op == "load") return queryLoad(req, ctx);
  if (op == "hosts") return queryHosts(req, ctx);
  if (op == "info") return queryInfo(ctx);
  if (op == "place") return queryPlace(req, ctx);
  if (op == "loadadj") return queryLoadAdj(req, ctx);
  if (op == "policy") return queryPolicy(req, ctx);
  return queryShared(req, ctx);
}

}  // namespace openlim::lim
