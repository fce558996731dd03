// The status and elimstatus ops: this lim's counters, melim's and the collector's.
#include <strings.h>

#include <algorithm>
#include <cmath>

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
      {"resolver_calls", k.resolver_calls},
      {"conns_evicted", k.conns_evicted},
      {"replies_busy", k.replies_busy},
      {"replies_stalled", k.replies_stalled},
      {"elim_subrequests", k.elim_subrequests},
      {"local_requests", k.local_requests},
      {"reservations_forwarded", k.reservations_forwarded},
      {"reservation_state_writes", k.state_writes},
      {"reservation_state_write_errors", k.state_write_errors},
      {"reservation_state_compactions", k.state_compactions},
      {"reservation_journal_torn", k.journal_torn},
      {"reservation_state_foreign", k.state_foreign},
      {"holds_sent", k.holds_sent},
      {"holds_reports", k.holds_reports},
      {"holds_asks", k.holds_asks},
      {"holds_asked", k.holds_asked},
      {"rebuild_windows", reservations_.rebuildWindow().counters().windows},
      {"rebuild_incomplete", reservations_.rebuildWindow().counters().incomplete},
      {"quota_loads", k.quota_loads},
      {"quota_loads_refused", k.quota_loads_refused},
      {"reservations", reservations_.ledger().size()},
      {"reservations_held_here", held_.size()},
      {"reservations_created", reservations_.counters().created},
      {"reservations_released", reservations_.counters().released},
      {"reservations_expired", reservations_.counters().expired},
      {"reservations_merged", reservations_.counters().merged},
      {"reserve_refused_rebuilding", reservations_.counters().refusedRebuilding},
      {"reserve_denied_unsigned", reservations_.counters().deniedUnsigned},
      {"reserve_denied_user", reservations_.counters().deniedUser},
      {"reserve_refused_quota", reservations_.counters().refusedQuota},
      {"reserve_refused_no_hosts", reservations_.counters().refusedNoHosts},
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
  o.add("locked", Json::boolean(agent_->locked()));
  // Seconds left of a timed lock (limlock -l); 0 when unlocked or locked until unlocked.
  o.add("lock_remaining", num(agent_->lockRemaining(monotonicNow())));
  o.add("checksum", Json::string(config_->checksum));
  o.add("serves", jstrings(agent_->serves()));
  o.add("melim_resources", jstrings(melim_->resources()));
  o.add("drift",
        jstrings(election_->isMaster() ? table_->driftHosts() : std::vector<std::string>()));
  o.add("counters", std::move(c));
  return jsonText(o);
}

namespace {

Json count(uint64_t v) {
  return Json::number(static_cast<double>(v));
}

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

}  // namespace

// Local entries are filled in here; the other lims are asked without blocking the loop
// (elim_fanout.cc), and the reply goes out when the last one answered or the budget ran out.
std::string LimServer::elimStatusReply(const std::string& host, double now) {
  std::vector<std::string> targets;
  if (host.empty()) {
    for (const auto& h : config_->hosts) targets.push_back(h.name);
  } else if (config_->findHost(host) || strcasecmp(host.c_str(), opts_.host.c_str()) == 0) {
    targets.push_back(host);
  } else {
    return errorReply("notfound", host + ": Unknown host");
  }
  if (targets.empty()) targets.push_back(opts_.host);
  master::ElimGather g(targets, now + master::elimGatherBudget(config_->params));
  for (size_t i = 0; i < targets.size(); ++i) {
    if (strcasecmp(targets[i].c_str(), opts_.host.c_str()) == 0)
      g.set(i, localElimStatus(*melim_, opts_.host));
    else if (!addressOf(targets[i]))
      g.set(i, master::elimDownEntry(targets[i], "cannot resolve address"));
  }
  if (g.complete()) return jsonText(g.result());
  return deferGather(std::move(g), now);
}

}  // namespace openlim::lim
