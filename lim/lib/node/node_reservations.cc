// Reservation requests (docs/reservations.md): the local socket's verified requests are
// answered here when this lim is the master, else forwarded to it signed with the cluster
// key, one at a time; the master's service (reserve::ReservationService) decides, and what
// it changed goes to the keepers' lims (node_holds.cc).
#include "format/reply_json.h"
#include "node/lim_node.h"
#include "policy/policy_config.h"
#include "protocol/request.h"
#include "reserve/requests.h"

namespace openlim::node {

using format::Json;

namespace {

// A forward the master does not answer within this is answered "LIM is down" (the command
// tries again).
constexpr double kForwardSeconds = 5;

// The request with the verified caller in place of any caller or sender it named.
Json withCaller(const Json& req, const std::string& user) {
  Json out = Json::object();
  for (const auto& [k, v] : req.members())
    if (k != "caller" && k != "sender") out.add(k, v);
  out.add("caller", Json::string(user));
  return out;
}

}  // namespace

// The calendar period at the master's local time (quota sets); without a calendar, prime
// time around the clock.
policy::Period periodAt(const policy::LocalTime& local, const ConfigSnapshot& config) {
  static const policy::Calendar kDefault;
  const policy::Calendar& c = config.policies ? config.policies->calendar : kDefault;
  return c.periodAt(local).period;
}

Answer LimNode::localRequest(const Request& r, const Now& now, std::string* opOut, Effects* fx) {
  ++counters_.local_requests;
  auto parsed = protocol::parseRequest(r.frame.body);
  if (!parsed) return answerRequest(r, now, opOut, fx);  // the same error as over TCP
  std::string op = protocol::reqString(*parsed, "op");
  // Read-only: as over TCP.
  if (!reserve::isReservationOp(op)) return answerRequest(r, now, opOut, fx);
  *opOut = op;
  Json req = withCaller(*parsed, r.user);
  if (election().isMaster()) return reservationRequest(r.conn, op, req, true, now, fx);
  if (election().master().empty()) return Answer::masterUnknown();
  req.add("sender", Json::string("lim@" + self_));  // the master's replay check is per sender
  forwardQueue_.emplace_back(r.conn, req.compact());
  forwardNext(now, fx);
  return Answer::later();  // answered when the master replies
}

Answer LimNode::reservationRequest(uint64_t conn, const std::string& op, const Json& req,
                                   bool isSigned, const Now& now, Effects* fx) {
  if (auto refused = refuseWithoutQuorum(op, now)) return *refused;
  reserve::ServiceContext ctx{{table_->snapshot(now.mono), self_, &cache_, table_.get(), now.mono},
                              now.wall,
                              isSigned,
                              nullptr,
                              periodAt(now.local, *config_)};
  // A reservation by policy (-p) reads the policies' calendar and moves their band turns.
  ctx.query.local = now.local;
  ctx.query.wallNow = now.wall;
  ctx.query.policyState = &policyState_;
  ctx.holdReleases = quorumMode();
  reserve::Effects rfx;
  reserve::ServiceAnswer a = reservations_.handle(op, req, ctx, &rfx);
  sendChanges(rfx, now, fx);
  // A release may bring usage back under a limit a healed partition left exceeded.
  if (!rfx.dropped.empty() && !reservations_.overCommitted().empty()) overCommitCheck_ = true;
  return awaitJournals(conn, op, {a.ok, false, {}, std::move(a.body)}, rfx, now, fx);
}

// Sends the next queued request to the master when none is in flight.
void LimNode::forwardNext(const Now& now, Effects* fx) {
  while (!forwarding_ && !forwardQueue_.empty()) {
    auto [conn, body] = std::move(forwardQueue_.front());
    forwardQueue_.pop_front();
    if (election().master().empty()) {
      fx->reply(conn, Answer::masterUnknown().body, false, "local");
      continue;
    }
    const uint64_t id = nextId_++;
    subs_[id] = PendingSub{0, 0, conn};
    fx->subRequests.push_back(
        {id, election().master(), std::move(body), true, now.mono + kForwardSeconds});
    ++counters_.reservations_forwarded;
    forwarding_ = true;
  }
}

void LimNode::onForwardDone(uint64_t conn, const Result<std::string>& r, Effects* fx) {
  forwarding_ = false;
  if (!r) {
    fx->reply(conn, format::errorReply("unavailable", "LIM is down; try later"), false, "local");
    return;
  }
  // The master moved on since we asked: the command tries again.
  auto reply = protocol::parseRequest(*r);
  if (reply && reply->find("redirect") != nullptr) {
    fx->reply(conn, format::errorReply("rebuilding", "the master changed; try again"), false,
              "local");
    return;
  }
  const Json* ok = reply ? reply->find("ok") : nullptr;
  fx->reply(conn, *r, ok && ok->isBool() && ok->asBool(), "local");
}

Effects LimNode::onSubReply(uint64_t id, const Result<std::string>& reply, const Now& now) {
  Effects fx;
  auto it = subs_.find(id);
  if (it == subs_.end()) return fx;  // its gather ended already
  PendingSub s = it->second;
  subs_.erase(it);
  if (s.forwardConn != 0) {
    onForwardDone(s.forwardConn, reply, &fx);
    forwardNext(now, &fx);
    return fx;
  }
  auto g = gathers_.find(s.gather);
  if (g == gathers_.end()) return fx;
  g->second.gather.set(s.slot, master::elimRemoteEntry(g->second.gather.host(s.slot), reply));
  pumpGather(s.gather, now, &fx);
  finishGathers(now, &fx);
  return fx;
}

}  // namespace openlim::node
