// Admin ops: reconfig (validated here on the master, then pushed to every lim), lock,
// unlock, shutdown, restart (done by the named host's own lim; forwarded over signed UDP).
#include <spdlog/spdlog.h>
#include <strings.h>

#include "json_util.h"
#include "lim_server.h"

namespace openlim::lim {
namespace {

std::string adminJson(const std::string& op, const std::string& sender, double seconds) {
  Json o = Json::object();
  o.add("op", Json::string(op));
  if (seconds > 0) o.add("seconds", Json::number(seconds));
  o.add("sender", Json::string(sender));
  return o.compact();
}

}  // namespace

std::string LimServer::adminRequest(const std::string& op, const Json& req, double now) {
  if (op == "reconfig") {
    if (!election_->isMaster() && !election_->master().empty()) {
      Json o = Json::object();
      o.add("ok", Json::boolean(false));
      o.add("redirect", Json::string(election_->master()));
      return jsonText(o);
    }
    std::vector<std::string> diags;
    Status st = reloadConfig(&diags);
    Json o = Json::object();
    o.add("ok", Json::boolean(st.isOk()));
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
  std::string target = reqString(req, "host", opts_.host);
  double seconds = reqNumber(req, "seconds", 0);
  if (!config_->findHost(target)) return errorReply("notfound", target + ": Unknown host");
  if (strcasecmp(target.c_str(), opts_.host.c_str()) == 0) return localAdmin(op, seconds, now);
  sendUdp(config_->findHost(target)->name, protocol::Kind::kAdmin,
          adminJson(op, opts_.host, seconds));
  Json o = Json::object();
  o.add("forwarded", Json::string(target));
  o.add("ok", Json::boolean(true));
  return o.compact();
}

std::string LimServer::localAdmin(const std::string& op, double seconds, double now) {
  if (op == "lock")
    setLock(true, seconds, now);
  else if (op == "unlock")
    setLock(false, 0, now);
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
  std::string sender = reqString(*req, "sender");
  if (sender.empty()) {
    ++counters_.malformed;
    return;
  }
  if (!fresh(sender, f)) return;
  std::string op = reqString(*req, "op");
  if (op == "reconfig") {
    std::vector<std::string> diags;
    Status st = reloadConfig(&diags);
    if (!st) spdlog::warn("reconfig from {} refused here: {}", sender, st.message());
  } else if (op == "lock" || op == "unlock" || op == "shutdown" || op == "restart") {
    localAdmin(op, reqNumber(*req, "seconds", 0), now);
  }
}

void LimServer::setLock(bool locked, double seconds, double now) {
  locked_ = locked;
  lockUntil_ = locked && seconds > 0 ? now + seconds : 0;
  nextReportAt_ = now;
}

Status LimServer::reloadConfig(std::vector<std::string>* diagnostics) {
  ConfigLoad load =
      loadConfig(opts_.envDir, [](const std::string& k) -> std::optional<std::string> {
        const char* v = std::getenv(k.c_str());
        return v ? std::optional<std::string>(v) : std::nullopt;
      });
  for (const auto& d : load.diagnostics) diagnostics->push_back(d.toString());
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
  return Status::ok();
}

void LimServer::adoptConfig(ConfigPtr c, double now) {
  config_ = std::move(c);
  table_->reconfigure(config_);
  election_->reconfigure(config_->masterList,
                         {config_->params.exInterval, config_->params.masterInactivityLimit,
                          config_->params.probeTimeout});
  collector_->reconfigure(*config_);
  ++counters_.reconfigs;
  spdlog::info("reconfig: adopted configuration {}", config_->checksum);
  if (election_->isMaster()) refreshServers(now);
  if (announcing()) heartbeat(now);  // the round in progress named the old config's hosts
  // A melim restarted for a new resource set starts every elim afresh; one kept running
  // gets SIGHUP so it rescans LSF_SERVERDIR and retries elims that exited or gave up.
  uint64_t startsBefore = melim_->counters().starts;
  updateMelim(now);
  if (melim_->counters().starts == startsBefore) melim_->reconfigure();
  nextReportAt_ = now;
}

}  // namespace openlim::lim
