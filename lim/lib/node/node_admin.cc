// Admin ops: reconfig (validated here on the master, then pushed to every lim), lock,
// unlock, shutdown, restart (done by the named host's own lim; forwarded over signed UDP).
#include <strings.h>

#include "config/diag.h"
#include "format/reply_json.h"
#include "master/admin_route.h"
#include "master/query_request.h"
#include "node/lim_node.h"

namespace openlim::node {

using format::Json;

namespace {

std::string adminJson(const std::string& op, const std::string& sender, double seconds) {
  Json o = Json::object();
  o.add("op", Json::string(op));
  if (seconds > 0) o.add("seconds", Json::number(seconds));
  o.add("sender", Json::string(sender));
  return o.compact();
}

// The reply's "quotas": {code: adopted|absent|refused, file, errors, warnings}; none when
// this lim does not read the quota file.
void addQuotaReload(const QuotaReload& q, Json& o) {
  using Outcome = QuotaReload::Outcome;
  if (q.outcome == Outcome::kNotRead) return;
  Json j = Json::object();
  j.add("code", Json::string(q.outcome == Outcome::kAdopted  ? "adopted"
                             : q.outcome == Outcome::kAbsent ? "absent"
                                                             : "refused"));
  j.add("errors", Json::number(q.errors));
  j.add("file", Json::string(q.file));
  j.add("warnings", Json::number(q.warnings));
  o.add("quotas", std::move(j));
}

}  // namespace

Answer LimNode::adminRequest(const std::string& op, const Json& req, const Now& now, Effects* fx) {
  // reconfig takes no fields (a signed request's "sender" was read for the replay check).
  auto decoded = op == "reconfig" ? master::AdminRequest{} : master::decodeAdminRequest(req);
  if (!decoded) return Answer::failed(decoded.status());
  master::AdminDecision d =
      master::routeAdmin(op, *decoded, self_, election().isMaster(), election().master(), *config_);
  switch (d.route) {
    case master::AdminRoute::kRedirect:
      return Answer::redirectTo(d.host);
    case master::AdminRoute::kReconfigure:
      return reconfigureCluster(now, fx);
    case master::AdminRoute::kUnknownHost:
      return Answer::failed(
          Status(Code::kNotFound, Subcode::kUnknownHost, d.host + ": Unknown host"));
    case master::AdminRoute::kLocal:
      localAdmin(op, decoded->seconds, now, fx);
      return Answer::success(R"({"ok":true})");
    case master::AdminRoute::kForward:
      break;
  }
  fx->send(d.host, protocol::Kind::kAdmin, adminJson(op, self_, decoded->seconds));
  Json o = Json::object();
  o.add("forwarded", Json::string(decoded->host.value_or(self_)));
  o.add("ok", Json::boolean(true));
  return Answer::success(o.compact());
}

Answer LimNode::reconfigureCluster(const Now& now, Effects* fx) {
  std::vector<std::string> diags;
  QuotaReload quotas;
  Status st = reloadConfig(now, fx, &diags, &quotas);
  Json o = Json::object();
  o.add("ok", Json::boolean(st.isOk()));
  addQuotaReload(quotas, o);
  if (!st.isOk()) {
    o.add("code", Json::string("syntax"));
    o.add("error", Json::string(st.message()));
  } else {
    for (const auto& h : config_->hosts)
      if (strcasecmp(h.name.c_str(), self_.c_str()) != 0)
        fx->send(h.name, protocol::Kind::kAdmin, adminJson("reconfig", self_, 0));
  }
  o.add("diagnostics", format::jstrings(diags));
  return {st.isOk(), false, {}, format::jsonText(o)};
}

void LimNode::localAdmin(const std::string& op, double seconds, const Now& now, Effects* fx) {
  if (op == "lock")
    agent_->setLock(true, seconds, now.mono);
  else if (op == "unlock")
    agent_->setLock(false, 0, now.mono);
  else if (op == "shutdown")
    fx->stop = true;
  else if (op == "restart")
    fx->restart = fx->stop = true;
  fx->info("admin: " + op + " on " + self_);
}

Effects LimNode::onReconfigSignal(const Now& now) {
  Effects fx;
  std::vector<std::string> diags;
  QuotaReload quotas;
  Status st = reloadConfig(now, &fx, &diags, &quotas);
  if (st.isOk() && quotas.outcome == QuotaReload::Outcome::kRefused) {
    fx.error("SIGHUP: reconfig done, but " + quotas.file + " was not adopted (" +
             std::to_string(quotas.errors) + " error(s))");
  } else if (st.isOk()) {
    fx.info("SIGHUP: reconfig done");
  } else {
    // Refused: the admin needs every file:line to fix it, not just the count.
    fx.error("SIGHUP: reconfig refused: " + st.message());
    for (const auto& d : diags) fx.error("SIGHUP: reconfig: " + d);
  }
  return fx;
}

Status LimNode::reloadConfig(const Now& now, Effects* fx, std::vector<std::string>* diagnostics,
                             QuotaReload* quotas) {
  ConfigLoad load = files_.reload();
  for (const auto& d : load.diagnostics) diagnostics->push_back(config::diagnosticLine(d));
  if (!load.snapshot || load.errors() > 0) {
    ++counters_.reconfigs_refused;
    return Status(Code::kInvalid, std::to_string(load.errors()) +
                                      " error(s) in the configuration; nothing changed");
  }
  if (!load.snapshot->findHost(self_)) {
    ++counters_.reconfigs_refused;
    return Status(Code::kInvalid,
                  "Local host not defined in cluster file: " + self_ + "; nothing changed");
  }
  adoptConfig(load.snapshot, now, fx);
  QuotaReload q = reloadQuotas(fx, diagnostics);
  if (quotas) *quotas = q;
  return Status::ok();
}

void LimNode::adoptConfig(ConfigPtr c, const Now& now, Effects* fx) {
  config_ = std::move(c);
  table_->reconfigure(config_);
  agent_->reconfigure(agentSettings(), now.mono);  // and report at once
  ++counters_.reconfigs;
  fx->info("reconfig: adopted configuration " + config_->checksum);
  fx->adopted = config_;
  applyMaster(master_->reconfigure(config_, *table_, now.mono), fx);
  reservations_.pushAll(*table_, now.mono);
  reservations_.rebuildWindow().reconfigure(config_);
  journals_.setCandidates(voters());  // the table's records were rebuilt for the new config
  // A melim restarted for a new resource set starts every elim afresh; one kept running
  // gets SIGHUP so it rescans LSF_SERVERDIR and retries elims that exited or gave up.
  if (auto set = agent_->melimChange(election().isMaster(), now.mono))
    startMelim(*set, fx);
  else
    fx->melimRescan = true;
}

}  // namespace openlim::node
