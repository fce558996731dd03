// The clients' view (sim_invariants.h): every request sent, and what its reply (or the lim's
// death) tells about the reservations; the checks against it are sim_checks.cc's.
#include "sim_invariants.h"

#include <algorithm>

#include "format/json.h"
#include "reserve/keepers.h"

namespace openlim::sim {

namespace {

// A release's unholds reach every reachable keeper in well under this.
constexpr double kReleaseSpread = 1;
// How much later than its sending an unanswered renew may still be carried out.
constexpr double kRenewSlack = 30;

bool okOf(const format::Json& j) {
  const format::Json* ok = j.find("ok");
  return ok && ok->isBool() && ok->asBool();
}

double numberAt(const format::Json& j, const char* obj, const char* key) {
  const format::Json* o = j.find(obj);
  const format::Json* v = o ? o->find(key) : nullptr;
  return v && v->isNumber() ? v->asNumber() : 0;
}

}  // namespace

Invariants::Invariants(SimCluster& c) : cluster_(c) {
  c.onClientRequest = [this](uint64_t conn, const std::string& host, const std::string& body) {
    sent(conn, host, body);
  };
  c.onClientReply = [this](const ClientReply& r) { replied(r); };
  c.onCrash = [this](const std::string&, const std::vector<uint64_t>& lost) { crashed(lost); };
  c.afterEvent = [this] { afterEvent(); };
}

void Invariants::fail(const std::string& what) {
  if (!failure_.empty()) return;
  char at[64];
  std::snprintf(at, sizeof at, "at %.3f s, event %llu: ", cluster_.now() - SimClock::kStartMono,
                static_cast<unsigned long long>(cluster_.events()));
  failure_ = at + what;
}

void Invariants::sent(uint64_t conn, const std::string& host, const std::string& body) {
  ++counters_.requests;
  auto j = format::parseJson(body);
  Sent s{host, j ? j->stringOr("op") : "", "", "", 0, cluster_.wall()};
  if (j) {
    s.user = j->stringOr("caller");
    s.id = j->stringOr("id");
    if (const format::Json* ids = j->find("ids"); ids && ids->isArray() && ids->size() == 1)
      s.id = ids->items()[0].asString();
    if (const format::Json* l = j->find("lease"); l && l->isNumber()) s.lease = l->asNumber();
  }
  if (s.op == "release" && active_.count(s.id)) active_[s.id].releasing = true;
  // A renew in flight may take effect before its lease would have ended, whatever its reply
  // (or none) says later: until it is settled the reservation may live that long.
  if (s.op == "renew" && active_.count(s.id)) {
    Acked& a = active_[s.id];
    a.maybeExpires = std::max(a.maybeExpires, s.wall + s.lease + kRenewSlack);
  }
  open_[conn] = s;
}

void Invariants::replied(const ClientReply& r) {
  ++counters_.replies;
  if (!answered_.insert(r.conn).second)
    fail("exactly once: request " + std::to_string(r.conn) + " answered twice (by " + r.host + ")");
  auto it = open_.find(r.conn);
  if (it == open_.end()) return;
  Sent s = it->second;
  open_.erase(it);
  settle(s, &r);
}

void Invariants::crashed(const std::vector<uint64_t>& lost) {
  for (uint64_t conn : lost) {
    auto it = open_.find(conn);
    if (it == open_.end()) continue;
    Sent s = it->second;
    open_.erase(it);
    ++counters_.lostToCrash;
    settle(s, nullptr);
  }
}

// What a reply (null: none, the lim died) tells the client about its reservations.
void Invariants::settle(const Sent& s, const ClientReply* r) {
  auto j = r ? format::parseJson(r->body) : Result<format::Json>(Status(Code::kUnavailable, ""));
  if (s.op != "load")
    cluster_.note(s.user + " " + s.op + " " + s.id + " via " + s.host + ": " +
                  (r ? r->body.substr(0, 160) : std::string("(the lim died)")));
  const format::Json* reply = j ? &*j : nullptr;
  const bool split = cluster_.masters().size() > 1;
  if (s.op == "reserve" && reply && okOf(*reply)) {
    ++counters_.acked;
    Acked a;
    a.splitAck = split;
    a.votersForgot =
        2 * votersWhoLostFiles_.size() > reserve::votersOf(cluster_.config().masterList).size();
    a.user = s.user;
    a.expires = a.maybeExpires = numberAt(*reply, "reservation", "expires");
    a.ackedAt = cluster_.now();
    active_[reply->stringOr("id")] = a;
    copiesDue_.push_back({cluster_.now() + kReleaseSpread, reply->stringOr("id")});
    return;
  }
  auto a = active_.find(s.id);
  if (a == active_.end()) return;
  if (s.op == "renew") settleRenew(s, reply, split, a->second);
  if (s.op == "release" && settleRelease(s, reply, split, a->second)) active_.erase(a);
}

void Invariants::settleRenew(const Sent& s, const format::Json* reply, bool split, Acked& a) {
  if (reply && okOf(*reply)) {
    // The latest renewal is the lease (a renew may shorten it: copies carry a version);
    // the longest one promised bounds when it may still be seen.
    const double acked = numberAt(*reply, "reservation", "expires");
    a.expires = acked;
    a.maybeExpires = std::max(a.maybeExpires, acked);
    a.splitAck = a.splitAck || split;
    return;
  }
  if (reply && reply->stringOr("code") == "notfound") ++counters_.notFoundReplies;
  // Unanswered, it may still be done: a forward waits its turn at the lim (5 s each).
  a.maybeExpires = std::max(a.maybeExpires, s.wall + s.lease + kRenewSlack);
}

bool Invariants::settleRelease(const Sent& s, const format::Json* reply, bool split, Acked& a) {
  const format::Json* res = reply && okOf(*reply) ? reply->find("results") : nullptr;
  const format::Json* first =
      res && res->isArray() && res->size() == 1 ? &res->items()[0] : nullptr;
  if (first && okOf(*first)) {
    ++counters_.released;
    gone_[s.id] = {cluster_.now(), cluster_.now(), split, true};
    toVerify_.push_back({cluster_.now() + kReleaseSpread, s.id});
    return true;
  }
  if (first && first->stringOr("code") == "notfound") ++counters_.notFoundReplies;
  a.uncertain = true;
  a.releasing = false;
  return false;
}

}  // namespace openlim::sim
