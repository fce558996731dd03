// Admin ops: reconfig (validated here on the master, then pushed to every lim), lock,
// unlock, shutdown, restart (done by the named host's own lim; forwarded over signed UDP).
#include <spdlog/spdlog.h>
#include <strings.h>

#include "config/diag.h"
#include "json_util.h"
#include "lim_server.h"
#include "master/admin_route.h"
#include "master/query_reply_json.h"
#include "master/query_request.h"

namespace openlim::lim {
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

std::string LimServer::adminRequest(const std::string& op, const Json& req, double now) {
  // reconfig takes no fields (a signed request's "sender" was read for the replay check).
  auto decoded = op == "reconfig" ? master::AdminRequest{} : master::decodeAdminRequest(req);
  if (!decoded) return master::errorReplyJson(decoded.status());
  master::AdminDecision d = master::routeAdmin(op, *decoded, opts_.host, election_->isMaster(),
                                               election_->master(), *config_);
  switch (d.route) {
    case master::AdminRoute::kRedirect: {
      Json o = Json::object();
      o.add("ok", Json::boolean(false));
      o.add("redirect", Json::string(d.host));
      return jsonText(o);
    }
    case master::AdminRoute::kReconfigure:
      return reconfigureCluster();
    case master::AdminRoute::kUnknownHost:
      return errorReply("notfound", d.host + ": Unknown host");
    case master::AdminRoute::kLocal:
      return localAdmin(op, decoded->seconds, now);
    case master::AdminRoute::kForward:
      break;
  }
  sendUdp(d.host, protocol::Kind::kAdmin, adminJson(op, opts_.host, decoded->seconds));
  Json o = Json::object();
  o.add("forwarded", Json::string(decoded->host.value_or(opts_.host)));
  o.add("ok", Json::boolean(true));
  return o.compact();
}

std::string LimServer::reconfigureCluster() {
  std::vector<std::string> diags;
  QuotaReload quotas;
  Status st = reloadConfig(&diags, &quotas);
  Json o = Json::object();
  o.add("ok", Json::boolean(st.isOk()));
  addQuotaReload(quotas, o);
  if (!st.isOk()) {
    o.add("code", Json::string("syntax"));
    o.add("error", Json::string(st.message()));
  } else {
    for (const auto& h : config_->hosts)
      if (strcasecmp(h.name.c_str(), opts_.host.c_str()) != 0)
        sendUdp(h.name, protocol::Kind::kAdmin, adminJson("reconfig", opts_.host, 0));
  }
  o.add("diagnostics", jstrings(diags));
  return jsonText(o);
}

std::string LimServer::localAdmin(const std::string& op, double seconds, double now) {
  if (op == "lock")
    agent_->setLock(true, seconds, now);
  else if (op == "unlock")
    agent_->setLock(false, 0, now);
  else if (op == "shutdown")
    running_ = false;
  else if (op == "restart")
    restart_ = true, running_ = false;
  spdlog::info("admin: {} on {}", op, opts_.host);
  return R"({"ok":true})";
}

void LimServer::onAdminFrame(const protocol::Frame& f, double now) {
  auto req = parseRequest(f.body);
  if (!req) {
    ++counters_.malformed;
    return;
  }
  auto decoded = master::decodeAdminRequest(*req);
  if (!decoded || decoded->sender.empty()) {
    ++counters_.malformed;
    return;
  }
  const std::string& sender = decoded->sender;
  if (!fresh(sender, f)) return;
  std::string op = reqString(*req, "op");
  if (op == "reconfig") {
    std::vector<std::string> diags;
    Status st = reloadConfig(&diags);
    if (!st) spdlog::warn("reconfig from {} refused here: {}", sender, st.message());
  } else if (op == "lock" || op == "unlock" || op == "shutdown" || op == "restart") {
    localAdmin(op, decoded->seconds, now);
  } else if (op == "hold" || op == "unhold" || op == "holds" || op == "askholds") {
    onHoldFrame(op, *req, now);
  }
}

Status LimServer::reloadConfig(std::vector<std::string>* diagnostics, QuotaReload* quotas) {
  // Inside the loop: a name the hosts file does not map passes only when this lim already
  // has its address (looked up at start-up); a new one is an error, never a resolver call.
  ConfigLoad load = loadConfigFrom(
      opts_.envDir, [this](const std::string& name) { return peers_.find(name) != nullptr; });
  for (const auto& d : load.diagnostics) diagnostics->push_back(config::diagnosticLine(d));
  if (!load.snapshot || load.errors() > 0) {
    ++counters_.reconfigs_refused;
    return Status(Code::kInvalid, std::to_string(load.errors()) +
                                      " error(s) in the configuration; nothing changed");
  }
  if (!load.snapshot->findHost(opts_.host)) {
    ++counters_.reconfigs_refused;
    return Status(Code::kInvalid,
                  "Local host not defined in cluster file: " + opts_.host + "; nothing changed");
  }
  adoptConfig(load.snapshot, monotonicNow());
  QuotaReload q = reloadQuotas(diagnostics);
  if (quotas) *quotas = q;
  return Status::ok();
}

void LimServer::adoptConfig(ConfigPtr c, double now) {
  config_ = std::move(c);
  table_->reconfigure(config_);
  collector_->reconfigure(*config_);
  agent_->reconfigure(agentSettings(), now);  // and report at once
  ++counters_.reconfigs;
  spdlog::info("reconfig: adopted configuration {}", config_->checksum);
  applyMaster(master_->reconfigure(config_, *table_, now));
  reservations_.pushAll(*table_, now);  // the table's records were rebuilt for the new config
  // A melim restarted for a new resource set starts every elim afresh; one kept running
  // gets SIGHUP so it rescans LSF_SERVERDIR and retries elims that exited or gave up.
  uint64_t startsBefore = melim_->counters().starts;
  updateMelim(now);
  if (melim_->counters().starts == startsBefore) melim_->reconfigure();
}

}  // namespace openlim::lim
