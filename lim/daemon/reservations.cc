// Reservation requests (docs/reservations.md): the local socket's verified requests are
// answered here when this lim is the master, else forwarded to it signed with the cluster
// key, one at a time; the master's service (reserve::ReservationService) decides, and what
// it changed goes to the reserved hosts' lims (held_state.cc).
#include <spdlog/spdlog.h>

#include <chrono>
#include <ctime>

#include "json_util.h"
#include "lim_server.h"
#include "policy/policy_config.h"
#include "request_client.h"
#include "reserve/requests.h"

namespace openlim::lim {

double wallNow() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

policy::Period periodNow(double wall, const ConfigSnapshot& config) {
  // The master's local time on the configuration's calendar (lsf.holidays, lsf.dedicated),
  // as the policies read it; without one, prime time around the clock.
  std::time_t t = static_cast<std::time_t>(wall);
  std::tm tm{};
  localtime_r(&t, &tm);
  static const policy::Calendar kDefault;
  const policy::Calendar& c = config.policies ? config.policies->calendar : kDefault;
  return c.periodAt(policy::fromTm(tm)).period;
}

namespace {

// The request with the verified caller in place of any caller or sender it named.
Json withCaller(const Json& req, const std::string& user) {
  Json out = Json::object();
  for (const auto& [k, v] : req.members())
    if (k != "caller" && k != "sender") out.add(k, v);
  out.add("caller", Json::string(user));
  return out;
}

}  // namespace

std::string LimServer::handleLocalRequest(const protocol::Frame& f, const std::string& user,
                                          double now) {
  ++counters_.local_requests;
  auto parsed = parseRequest(f.body);
  if (!parsed) return handleRequest(f, now);  // the same error as over TCP
  std::string op = reqString(*parsed, "op");
  if (!reserve::isReservationOp(op)) return handleRequest(f, now);  // read-only, as over TCP
  Json req = withCaller(*parsed, user);
  if (election_->isMaster()) return reservationRequest(op, req, true, now);
  if (election_->master().empty()) return errorReply("unavailable", "LIM is down; try later");
  if (servingConn_ == 0) return errorReply("internal", "no connection to answer on");
  forwardQueue_.emplace_back(servingConn_, req.compact());
  forwardNext(now);
  return {};  // answered when the master replies
}

std::string LimServer::reservationRequest(const std::string& op, const Json& req, bool isSigned,
                                          double now) {
  double wall = wallNow();
  reserve::ServiceContext ctx{{table_->snapshot(now), opts_.host, &cache_, table_.get(), now},
                              wall,
                              isSigned,
                              nullptr,
                              periodNow(wall, *config_)};
  // A reservation by policy (-p) reads the policies' calendar and moves their band turns.
  std::time_t t = static_cast<std::time_t>(wall);
  std::tm local{};
  localtime_r(&t, &local);
  ctx.query.local = policy::fromTm(local);
  ctx.query.wallNow = wall;
  ctx.query.policyState = &policyState_;
  reserve::Effects fx;
  std::string reply = reservations_.handle(op, req, ctx, &fx);
  applyEffects(fx, now);
  return reply;
}

// Sends the next queued request to the master when none is in flight.
void LimServer::forwardNext(double now) {
  while (!forwarding_ && !forwardQueue_.empty()) {
    auto [connId, body] = std::move(forwardQueue_.front());
    forwardQueue_.pop_front();
    Conn* c = findConn(connId);
    if (!c) continue;  // the command gave up
    auto ip = addressOf(election_->master());
    if (!ip) {
      startReply(*c, errorReply("unavailable", "LIM is down; try later"), now);
      continue;
    }
    protocol::Frame f{.kind = protocol::Kind::kRequest,
                      .isSigned = true,
                      .epoch = epoch_,
                      .seq = ++seq_,
                      .body = shell::withSender(body, "lim@" + opts_.host)};
    auto req =
        std::make_unique<shell::AsyncRequest>(*ip, port_, protocol::encodeFrame(f, &mac_), now + 5);
    ++counters_.reservations_forwarded;
    SubRequest s{std::move(req), 0, 0, connId};
    if (s.req->finished()) {
      onForwardDone(s, now);
      continue;
    }
    forwarding_ = true;
    subs_.push_back(std::move(s));
  }
}

void LimServer::onForwardDone(SubRequest& s, double now) {
  forwarding_ = false;
  Conn* c = findConn(s.forwardConn);
  s.forwardConn = 0;
  if (!c || c->phase != Conn::Phase::kWaiting) return;
  const Result<std::string>& r = s.req->result();
  std::string reply = r ? *r : errorReply("unavailable", "LIM is down; try later");
  // The master moved on since we asked: the command tries again.
  if (r && r->find("\"redirect\"") != std::string::npos)
    reply = errorReply("rebuilding", "the master changed; try again");
  startReply(*c, std::move(reply), now);
}

}  // namespace openlim::lim
