// The status and elimstatus ops: this lim's counters, melim's and the collector's.
#include <strings.h>

#include <algorithm>
#include <cmath>

#include "framed_io.h"
#include "json_util.h"
#include "lim_server.h"

namespace openlim::lim {

std::string LimServer::statusReply() const {
  Json c = Json::object();
  const LimCounters& k = counters_;
  const std::pair<const char*, uint64_t> items[] = {
      {"auth_bad_mac", k.auth_bad_mac},
      {"auth_replay", k.auth_replay},
      {"auth_unsigned", k.auth_unsigned},
      {"oversized", k.oversized},
      {"malformed", k.malformed},
      {"reports_sent", k.reports_sent},
      {"report_parts_sent", k.report_parts_sent},
      {"reports_ingested", k.reports_ingested},
      {"announces_sent", k.announces_sent},
      {"probes_sent", k.probes_sent},
      {"queries", k.queries},
      {"admin_requests", k.admin_requests},
      {"admin_denied", k.admin_denied},
      {"reconfigs", k.reconfigs},
      {"reconfigs_refused", k.reconfigs_refused},
      {"melim_restarts", k.melim_restarts},
      {"unknown_sender", k.unknown_sender},
      {"send_errors", k.send_errors},
      {"unknown_names", table_->counters().unknownNames},
      {"collector_ticks", collector_->counters().ticks},
      {"collector_read_errors", collector_->counters().readErrors},
      {"tmp_timeouts", collector_->counters().tmpTimeouts},
      {"tmp_failures", collector_->counters().tmpFailures}};
  for (const auto& [name, v] : items) c.add(name, Json::number(static_cast<double>(v)));
  auto num = [](double v) { return Json::number(v); };
  Json o = Json::object();
  o.add("ok", Json::boolean(true));
  o.add("host", Json::string(opts_.host));
  o.add("master", Json::string(election_->master()));
  o.add("is_master", Json::boolean(election_->isMaster()));
  o.add("locked", Json::boolean(locked_));
  // Seconds left of a timed lock (limlock -l); 0 when unlocked or locked until unlocked.
  double left = locked_ && lockUntil_ > 0 ? std::ceil(lockUntil_ - monotonicNow()) : 0;
  o.add("lock_remaining", num(std::max(0.0, left)));
  o.add("checksum", Json::string(config_->checksum));
  o.add("serves", jstrings(serves_));
  o.add("melim_resources", jstrings(melim_->resources()));
  o.add("drift",
        jstrings(election_->isMaster() ? table_->driftHosts() : std::vector<std::string>()));
  o.add("counters", std::move(c));
  return jsonText(o);
}

namespace {

Json count(uint64_t v) { return Json::number(static_cast<double>(v)); }

Json localElimStatus(const agent::MelimLink& melim, const std::string& host) {
  const agent::MelimCounters& mc = melim.counters();
  Json m = Json::object();
  m.add("running", Json::boolean(melim.running()));
  m.add("pid", Json::number(static_cast<double>(melim.pid())));
  m.add("resources", jstrings(melim.resources()));
  m.add("master", Json::boolean(melim.startedAsMaster()));
  m.add("starts", count(mc.starts));
  m.add("deaths", count(mc.deaths));
  m.add("spawn_failures", count(mc.spawnFailures));
  m.add("lines", count(mc.lines));
  m.add("bad_lines", count(mc.badLines));
  m.add("status_lines", count(mc.statusLines));
  m.add("last_exit", Json::number(mc.lastExit));
  m.add("state", Json::string(agent::melimStateName(melim.state())));
  m.add("gave_up", count(mc.gaveUp));
  m.add("failure_logs", count(mc.failureLogs));
  m.add("stale_values", count(mc.staleValues));
  // melim's own status text, parsed when it is JSON, else passed on as a string.
  Json elims = Json::array();
  if (!melim.statusJson().empty()) {
    auto parsed = format::parseJson(melim.statusJson());
    elims = parsed ? std::move(*parsed) : Json::string(melim.statusJson());
  }
  Json h = Json::object();
  h.add("host", Json::string(host));
  h.add("melim", std::move(m));
  h.add("elims", std::move(elims));
  return h;
}

Json downHost(const std::string& host, const std::string& why) {
  Json h = Json::object();
  h.add("host", Json::string(host));
  h.add("error", Json::string("LIM is down; try later"));
  h.add("reason", Json::string(why));
  return h;
}

// Asks `host`'s lim about itself ({"op":"elimstatus","host":host} is answered locally there,
// so this never recurses). Blocking, but bounded: the loop is single-threaded and serves
// requests inline, so each sub-request gets 0.5 s to connect and 1 s for the reply (a small
// LSF_API_CONNTIMEOUT/LSF_API_RECVTIMEOUT), cut to what is left of the gather's budget.
Json remoteElimStatus(const std::string& host, const std::string& address, uint16_t port,
                      double left) {
  Json req = Json::object();
  req.add("host", Json::string(host));
  req.add("op", Json::string("elimstatus"));
  auto reply = shell::requestJson(
      address, port, req.compact(), nullptr,
      shell::Timeouts{.connect = std::min(0.5, left), .recv = std::min(1.0, left)});
  if (!reply) return downHost(host, reply.status().message());
  auto o = format::parseJson(*reply);
  if (!o) return downHost(host, "bad reply: " + o.status().message());
  const Json* hs = o->find("hosts");
  const Json* ok = o->find("ok");
  if (!ok || !ok->asBool() || !hs || hs->items().empty() || !hs->items().front().isObject())
    return downHost(host, o->stringOr("error", "bad reply"));
  return hs->items().front();
}

// Seconds the loop may spend on one elimstatus: at most 5, and half the time after which
// the other lims would declare this (master) lim dead, so a gather never causes a failover.
double gatherBudget(const ClusterParams& p) {
  return std::clamp(0.5 * p.exInterval * p.masterInactivityLimit, 0.2, 5.0);
}

}  // namespace

std::string LimServer::elimStatusReply(const std::string& host) const {
  std::vector<std::string> targets;
  if (host.empty()) {
    for (const auto& h : config_->hosts) targets.push_back(h.name);
  } else if (config_->findHost(host) || strcasecmp(host.c_str(), opts_.host.c_str()) == 0) {
    targets.push_back(host);
  } else {
    return errorReply("notfound", host + ": Unknown host");
  }
  if (targets.empty()) targets.push_back(opts_.host);
  Json hosts = Json::array();
  const double deadline = monotonicNow() + gatherBudget(config_->params);
  for (const auto& t : targets) {
    if (strcasecmp(t.c_str(), opts_.host.c_str()) == 0) {
      hosts.push(localElimStatus(*melim_, opts_.host));
    } else if (monotonicNow() >= deadline) {
      hosts.push(downHost(t, "not asked: elimstatus time budget spent"));
    } else if (auto addr = addressOf(t)) {
      hosts.push(remoteElimStatus(t, *addr, port_, deadline - monotonicNow()));
    } else {
      hosts.push(downHost(t, "cannot resolve address"));
    }
  }
  Json o = Json::object();
  o.add("ok", Json::boolean(true));
  o.add("hosts", std::move(hosts));
  return jsonText(o);
}

}  // namespace openlim::lim
