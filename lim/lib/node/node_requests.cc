// Requests (docs/protocol.md): decoded, routed by the op table (node/op_table.h) and
// answered; the local socket's reservation requests are answered here on the master and
// forwarded to it elsewhere (node_reservations.cc).
#include "format/reply_json.h"
#include "format/text.h"
#include "master/query_request.h"
#include "node/lim_node.h"
#include "node/op_table.h"
#include "openlim/version.h"
#include "policy/policy_config.h"
#include "protocol/request.h"
#include "reserve/requests.h"

namespace openlim::node {

using format::Json;

Effects LimNode::onRequest(const Request& r, const Now& now) {
  Effects fx;
  std::string op;
  Answer a = r.local ? localRequest(r, now, &op, &fx) : answerRequest(r, now, &op, &fx);
  fx.handled = Handled{op, a.ok};
  if (!a.deferred) fx.reply(r.conn, std::move(a.body), a.ok, op);
  return fx;
}

// lsid. With "period": true (lsid asks), the calendar period in force at the master's local
// time and its default policy: a non-master that knows the master redirects there, as for
// the queries, so the answer is always the master's clock and configuration.
Answer LimNode::idReply(const Json& req, const Now& now) const {
  const Json* wantsPeriod = req.find("period");
  bool period = wantsPeriod != nullptr && wantsPeriod->isBool() && wantsPeriod->asBool();
  if (period && !election().isMaster() && !election().master().empty())
    return Answer::redirectTo(election().master());
  Json o = Json::object();
  Json admins = Json::array();
  for (const auto& a : config_->admins) admins.push(Json::string(a));
  o.add("admins", std::move(admins));
  o.add("cluster", Json::string(config_->clusterName));
  o.add("host", Json::string(self_));
  o.add("master", Json::string(election().master()));
  o.add("ok", Json::boolean(true));
  if (period && election().isMaster()) {
    if (auto s = policy::summarizePeriod(*config_, now.local)) {
      o.add("period", Json::string(s->period));
      o.add("policy", Json::string(s->defaultPolicy));
    }
  }
  o.add("version", Json::string(kVersionString));
  return Answer::success(o.compact());
}

// Decodes, asks the op table where the request goes, and does it.
Answer LimNode::answerRequest(const Request& r, const Now& now, std::string* opOut, Effects* fx) {
  const protocol::Frame& f = r.frame;
  auto parsed = protocol::parseRequest(f.body);
  if (!parsed) {
    ++counters_.malformed;
    return Answer::error("syntax", "bad JSON request: " + parsed.status().message());
  }
  const Json& req = *parsed;
  auto decodedOp = master::decodeOp(req);
  if (!decodedOp) {
    ++counters_.malformed;
    return Answer::failed(decodedOp.status());
  }
  const std::string op = *decodedOp;
  *opOut = op;
  const OpSpec* spec = findOp(op);
  Route route = routeRequest(spec, f.isSigned, election().isMaster(), election().master());
  if (spec && spec->kind == OpKind::kAdmin) ++counters_.admin_requests;
  const std::string client = "client:" + protocol::reqString(req, "sender", "?");
  switch (route) {
    case Route::kAdminUnsigned:
      ++counters_.admin_denied;
      return Answer::error("denied", "Permission denied: " + op +
                                         " must be signed with the cluster key (LSF_AUTH_KEYFILE)");
    case Route::kAdmin:
      if (!fresh(client, f, now)) {
        ++counters_.admin_denied;
        return Answer::error("denied", "Permission denied: replayed request");
      }
      return adminRequest(op, req, now, fx);
    case Route::kUnknownOp:
      ++counters_.queries;
      return Answer::error("syntax", "unknown op \"" + format::clipEcho(op) + "\"");
    case Route::kMasterUnknown:
      ++counters_.queries;
      return Answer::masterUnknown();
    case Route::kRedirect:
      ++counters_.queries;
      return Answer::redirectTo(election().master());
    case Route::kOwn:
      ++counters_.queries;
      if (op == "id") return idReply(req, now);
      if (op == "status") return statusReply(now);
      {
        auto q = master::decodeElimStatusRequest(req);
        return q ? elimStatusReply(r.conn, q->host, now, fx) : Answer::failed(q.status());
      }
    case Route::kMaster:
      break;
  }
  if (spec->kind == OpKind::kReservation) {
    // Signed: a lim forwarding a command's verified request (or the key's holder).
    if (f.isSigned && !fresh(client, f, now))
      return Answer::error("denied", "Permission denied: replayed request");
    ++counters_.queries;
    return reservationRequest(r.conn, op, req, f.isSigned, now, fx);
  }
  ++counters_.queries;
  master::QueryContext ctx{table_->snapshot(now.mono), self_, &cache_, table_.get(), now.mono};
  ctx.policyState = &policyState_;
  ctx.local = now.local;  // the policies' calendar
  ctx.wallNow = now.wall;
  return spec->query(req, ctx);
}

}  // namespace openlim::node
