// The status and elimstatus ops: this lim's counters, melim's and the collector's.
#include <Poco/JSON/Parser.h>
#include <strings.h>

#include <algorithm>
#include <cmath>

#include "framed_io.h"
#include "json_util.h"
#include "lim_server.h"

namespace openlim::lim {

using Poco::JSON::Object;

std::string LimServer::statusReply() const {
  Object::Ptr c = new Object;
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
  for (const auto& [name, v] : items) c->set(name, v);
  Object::Ptr o = new Object;
  o->set("ok", true);
  o->set("host", opts_.host);
  o->set("master", election_->master());
  o->set("is_master", election_->isMaster());
  o->set("locked", locked_);
  // Seconds left of a timed lock (limlock -l); 0 when unlocked or locked until unlocked.
  double left = locked_ && lockUntil_ > 0 ? std::ceil(lockUntil_ - monotonicNow()) : 0;
  o->set("lock_remaining", std::max(0.0, left));
  o->set("checksum", config_->checksum);
  o->set("serves", jstrings(serves_));
  o->set("melim_resources", jstrings(melim_->resources()));
  o->set("drift",
         jstrings(election_->isMaster() ? table_->driftHosts() : std::vector<std::string>()));
  o->set("counters", c);
  return jsonText(o);
}

namespace {

Object::Ptr localElimStatus(const agent::MelimLink& melim, const std::string& host) {
  const agent::MelimCounters& mc = melim.counters();
  Object::Ptr m = new Object;
  m->set("running", melim.running());
  m->set("pid", static_cast<int>(melim.pid()));
  m->set("resources", jstrings(melim.resources()));
  m->set("starts", mc.starts);
  m->set("deaths", mc.deaths);
  m->set("spawn_failures", mc.spawnFailures);
  m->set("lines", mc.lines);
  m->set("bad_lines", mc.badLines);
  m->set("status_lines", mc.statusLines);
  m->set("last_exit", mc.lastExit);
  Poco::Dynamic::Var elims = Poco::JSON::Array::Ptr(new Poco::JSON::Array);
  if (!melim.statusJson().empty()) {
    try {
      elims = Poco::JSON::Parser().parse(melim.statusJson());
    } catch (const std::exception&) {
      elims = melim.statusJson();
    }
  }
  Object::Ptr h = new Object;
  h->set("host", host);
  h->set("melim", m);
  h->set("elims", elims);
  return h;
}

Object::Ptr downHost(const std::string& host, const std::string& why) {
  Object::Ptr h = new Object;
  h->set("host", host);
  h->set("error", "LIM is down; try later");
  h->set("reason", why);
  return h;
}

// Asks `host`'s lim about itself ({"op":"elimstatus","host":host} is answered locally there,
// so this never recurses). Blocking, but bounded: the loop is single-threaded and serves
// requests inline, so each sub-request gets 0.5 s to connect and 1 s for the reply (a small
// LSF_API_CONNTIMEOUT/LSF_API_RECVTIMEOUT), cut to what is left of the gather's budget.
Object::Ptr remoteElimStatus(const std::string& host, const std::string& address, uint16_t port,
                             double left) {
  Object::Ptr req = new Object;
  req->set("op", "elimstatus");
  req->set("host", host);
  auto reply = shell::requestJson(address, port, jsonText(req), nullptr,
                                  shell::Timeouts{.connect = std::min(0.5, left), .recv = std::min(1.0, left)});
  if (!reply) return downHost(host, reply.status().message());
  try {
    Object::Ptr o = Poco::JSON::Parser().parse(*reply).extract<Object::Ptr>();
    Poco::JSON::Array::Ptr hs = o ? o->getArray("hosts") : nullptr;
    if (!o || !o->optValue<bool>("ok", false) || !hs || hs->size() == 0)
      return downHost(host, o ? o->optValue<std::string>("error", "bad reply") : "bad reply");
    return hs->getObject(0);
  } catch (const std::exception& e) {
    return downHost(host, std::string("bad reply: ") + e.what());
  }
}

// Seconds the loop may spend on one elimstatus: at most 5, and half the time after which
// the other lims would declare this (master) lim dead, so a gather never causes a failover.
double gatherBudget(const ClusterParams& p) {
  return std::clamp(0.5 * p.exInterval * p.masterInactivityLimit, 0.2, 5.0);
}

}  // namespace

// No host = every host of the cluster; another host = that host's lim is asked (see
// remoteElimStatus for the bounds on the time the loop spends waiting).
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
  Poco::JSON::Array::Ptr hosts = new Poco::JSON::Array;
  const double deadline = monotonicNow() + gatherBudget(config_->params);
  for (const auto& t : targets) {
    if (strcasecmp(t.c_str(), opts_.host.c_str()) == 0) {
      hosts->add(localElimStatus(*melim_, opts_.host));
    } else if (monotonicNow() >= deadline) {
      hosts->add(downHost(t, "not asked: elimstatus time budget spent"));
    } else if (auto addr = addressOf(t)) {
      hosts->add(remoteElimStatus(t, *addr, port_, deadline - monotonicNow()));
    } else {
      hosts->add(downHost(t, "cannot resolve address"));
    }
  }
  Object::Ptr o = new Object;
  o->set("ok", true);
  o->set("hosts", hosts);
  return jsonText(o);
}

}  // namespace openlim::lim
