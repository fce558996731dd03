// The status and elimstatus ops, and what a metrics scrape shows of the node: this lim's
// counters, and the shell's (transport, state files, collector, melim) through its port.
#include <strings.h>

#include <algorithm>

#include "format/reply_json.h"
#include "node/lim_node.h"
#include "openlim/version.h"
#include "reserve/service_metrics.h"

namespace openlim::node {

using format::Json;

namespace {

// Request sent to another lim for its own elims (answered there: never fans out again).
std::string elimRequest(const std::string& host) {
  Json req = Json::object();
  req.add("host", Json::string(host));
  req.add("op", Json::string("elimstatus"));
  return req.compact();
}

}  // namespace

Answer LimNode::statusReply(const Now& now) const {
  const NodeCounters& k = counters_;
  const reserve::ServiceCounters& rs = reservations_.counters();
  const reserve::RebuildCounters& rb = reservations_.rebuildWindow().counters();
  std::vector<std::pair<std::string, uint64_t>> items = {
      {"auth_replay", k.auth_replay},
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
      {"elim_subrequests", k.elim_subrequests},
      {"local_requests", k.local_requests},
      {"reservations_forwarded", k.reservations_forwarded},
      {"reservation_journal_torn", k.journal_torn},
      {"reservation_state_foreign", k.state_foreign},
      {"holds_sent", k.holds_sent},
      {"holds_resent", redelivery_.counters().resent},
      {"holds_unacknowledged", redelivery_.pending()},
      {"holds_untracked", redelivery_.counters().untracked},
      {"holds_reports", k.holds_reports},
      {"holds_reports_resent", k.holds_reports_resent},
      {"holds_asks", k.holds_asks},
      {"holds_fenced", k.holds_fenced},
      {"terms_begun", k.terms_begun},
      {"term_copies_left_out", k.term_copies_left_out},
      {"holds_asked", k.holds_asked},
      {"rebuild_windows", rb.windows},
      {"rebuild_incomplete", rb.incomplete},
      {"quota_loads", k.quota_loads},
      {"quota_loads_refused", k.quota_loads_refused},
      {"reservations", reservations_.ledger().size()},
      {"reservations_held_here", held_.size()},
      {"reservations_created", rs.created},
      {"reservations_released", rs.released},
      {"reservations_expired", rs.expired},
      {"reservations_merged", rs.merged},
      {"reserve_refused_rebuilding", rs.refusedRebuilding},
      {"reserve_denied_unsigned", rs.deniedUnsigned},
      {"reserve_denied_user", rs.deniedUser},
      {"reserve_refused_quota", rs.refusedQuota},
      {"reserve_refused_no_hosts", rs.refusedNoHosts},
      {"reservation_overcommits", reservations_.overCommitted().size()},
      {"reservations_withdrawn", rs.withdrawn},
      {"journal_quorum_waits", journals_.awaited()},
      {"unknown_names", table_->counters().unknownNames}};
  for (const auto& counter : host_.shellCounters()) {  // (clang 14 captures no bindings)
    auto same = std::find_if(items.begin(), items.end(),
                             [&](const auto& i) { return i.first == counter.first; });
    if (same != items.end())
      same->second += counter.second;
    else
      items.push_back(counter);
  }

  Json c = Json::object();
  for (const auto& [name, v] : items) c.add(name, Json::number(static_cast<double>(v)));
  Json o = Json::object();
  o.add("ok", Json::boolean(true));
  o.add("host", Json::string(self_));
  o.add("master", Json::string(election().master()));
  o.add("is_master", Json::boolean(election().isMaster()));
  o.add("locked", Json::boolean(agent_->locked()));
  // Seconds left of a timed lock (limlock -l); 0 when unlocked or locked until unlocked.
  o.add("lock_remaining", Json::number(agent_->lockRemaining(now.mono)));
  o.add("checksum", Json::string(config_->checksum));
  o.add("serves", format::jstrings(agent_->serves()));
  o.add("melim_resources", format::jstrings(host_.melimResources()));
  o.add("drift", format::jstrings(election().isMaster() ? table_->driftHosts()
                                                        : std::vector<std::string>()));
  o.add("counters", std::move(c));
  return Answer::success(format::jsonText(o));
}

// Local entries are filled in here; the other lims are asked with sub-requests, and the
// reply goes out when the last one answered or the budget ran out.
Answer LimNode::elimStatusReply(uint64_t conn, const std::string& host, const Now& now,
                                Effects* fx) {
  std::vector<std::string> targets;
  if (host.empty()) {
    for (const auto& h : config_->hosts) targets.push_back(h.name);
  } else if (config_->findHost(host) || strcasecmp(host.c_str(), self_.c_str()) == 0) {
    targets.push_back(host);
  } else {
    return Answer::failed(Status(Code::kNotFound, Subcode::kUnknownHost, host + ": Unknown host"));
  }
  if (targets.empty()) targets.push_back(self_);
  master::ElimGather g(targets, now.mono + master::elimGatherBudget(config_->params));
  for (size_t i = 0; i < targets.size(); ++i)
    if (strcasecmp(targets[i].c_str(), self_.c_str()) == 0) g.set(i, host_.elimStatus());
  if (g.complete()) return Answer::success(format::jsonText(g.result()));
  const uint64_t id = nextId_++;
  gathers_.emplace(id, Gather{conn, std::move(g)});
  pumpGather(id, now, fx);
  auto it = gathers_.find(id);
  if (!it->second.gather.complete()) return Answer::later();  // the connection waits for it
  Answer a = Answer::success(format::jsonText(it->second.gather.result()));
  gathers_.erase(it);
  return a;
}

// Starts sub-requests while the gather's window has room.
void LimNode::pumpGather(uint64_t id, const Now& now, Effects* fx) {
  master::ElimGather& g = gathers_.at(id).gather;
  while (auto i = g.nextToAsk()) {
    const std::string& host = g.host(*i);
    const uint64_t sub = nextId_++;
    subs_[sub] = PendingSub{id, *i, 0};
    fx->subRequests.push_back({sub, host, elimRequest(host), false,
                               std::min(g.deadline(), now.mono + master::kElimAskSeconds)});
    ++counters_.elim_subrequests;
  }
}

// Completes the gathers that have every entry or whose deadline passed, and replies.
void LimNode::finishGathers(const Now& now, Effects* fx) {
  for (auto it = gathers_.begin(); it != gathers_.end();) {
    master::ElimGather& g = it->second.gather;
    if (!g.complete() && now.mono >= g.deadline()) {
      const uint64_t id = it->first;
      std::erase_if(subs_, [id](const auto& s) { return s.second.gather == id; });
      g.expire("timed out waiting for reply");
    }
    if (!g.complete()) {
      ++it;
      continue;
    }
    fx->reply(it->second.conn, format::jsonText(g.result()), true, "elimstatus");
    it = gathers_.erase(it);
  }
}

std::shared_ptr<master::MetricsInput> LimNode::metricsInput(const Now& now) const {
  auto in = std::make_shared<master::MetricsInput>();
  in->cluster = config_->clusterName;
  in->host = self_;
  in->master = election().master();
  in->version = kVersionString;
  in->isMaster = election().isMaster();
  // The published snapshot, shared as a query shares it (no copy of the table).
  if (in->isMaster) in->table = table_->snapshot(now.mono);
  // Reservation counters copied, quota usage shared (service_metrics.h): O(1) here.
  if (in->isMaster)
    in->reservations = std::make_shared<const master::ReservationMetrics>(
        reserve::reservationMetrics(reservations_, periodAt(now.local, *config_)));
  const NodeCounters& k = counters_;
  master::LimMetricCounters& c = in->counters;
  c.reportsReceived = k.reports_ingested;
  c.reportsSent = k.reports_sent;
  c.unknownSender = k.unknown_sender;
  c.replays = k.auth_replay;
  c.malformed = k.malformed;
  c.adminDenied = k.admin_denied;
  c.reconfigs = k.reconfigs;
  c.reconfigsRefused = k.reconfigs_refused;
  in->startedAgo = now.mono - startedAt_;
  return in;
}

}  // namespace openlim::node
