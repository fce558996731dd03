// What a partition does to reservations (docs/reservations.md "Partitions"), by
// RESERVATION_CONSISTENCY:
//   quorum     a master changes a reservation only while it hears a majority of the
//              candidates that keep every reservation (the voters), and answers the change
//              only once a majority of them journalled it (reserve/journal_quorum.h): the
//              keepers acknowledge (`held`) after their journal's commit;
//   available  every side admits; when the sides' holds meet again the master finds what is
//              over a host's slots or a quota limit (reserve/over_commit.h), logs it once,
//              marks those reservations in the listing and counts them; admission itself
//              refuses anything more against a limit that is full.
#include <algorithm>

#include "format/reply_json.h"
#include "node/lim_node.h"
#include "protocol/request.h"
#include "reserve/keepers.h"
#include "reserve/over_commit.h"
#include "reserve/requests.h"

namespace openlim::node {

using format::Json;

namespace {

// How long a change waits for a majority of journals. Shorter than a forwarding lim's wait
// for the master (node_reservations.cc), so the command hears "try again", not "LIM is down".
constexpr double kJournalSeconds = 3;

}  // namespace

bool LimNode::quorumMode() const {
  return config_->params.reservationConsistency == ReservationConsistency::kQuorum;
}

std::vector<std::string> LimNode::voters() const {
  return reserve::votersOf(config_->masterList);
}

std::optional<Answer> LimNode::refuseWithoutQuorum(const std::string& op, const Now& now) const {
  if (!quorumMode() || !reserve::isReservationWrite(op)) return std::nullopt;
  const std::vector<std::string> v = voters();
  if (election().hearsMajorityOf(v, now.mono)) return std::nullopt;
  size_t heard = 0;
  for (const auto& h : v) heard += h == self_ || election().alive(h, now.mono);
  return Answer::error(
      "noquorum", "no quorum: master " + self_ + " hears " + std::to_string(heard) + " of the " +
                      std::to_string(v.size()) + " master candidates that keep reservations (" +
                      std::to_string(v.size() / 2 + 1) + " needed); try again");
}

void LimNode::sendChanges(const reserve::Effects& rfx, const Now& now, Effects* fx) {
  if (!quorumMode()) {
    applyEffects(rfx, now, fx);
    return;
  }
  const std::vector<std::string> v = voters();
  auto otherVoter = [&](const std::string& h) {
    return h != self_ && std::find(v.begin(), v.end(), h) != v.end();
  };
  for (const auto& r : rfx.put) {
    deliver(r, false, otherVoter, now, fx);
    deferred_[{r.id, r.version}] = {r, false};
  }
  for (const auto& r : rfx.dropped) {
    deliver(r, true, otherVoter, now, fx);
    deferred_[{r.id, r.version + 1}] = {r, true};
  }
}

// The rest of a change a majority journalled: this lim's own journal (written in this
// turn, before the reply leaves) and the keepers that are not voters.
void LimNode::deliverJournalled(const reserve::Change& c, const Now& now, Effects* fx) {
  auto it = deferred_.find({c.id, c.version});
  if (it == deferred_.end()) return;
  const std::vector<std::string> v = voters();
  auto rest = [&](const std::string& h) {
    return h == self_ || std::find(v.begin(), v.end(), h) == v.end();
  };
  deliver(it->second.r, it->second.drop, rest, now, fx);
  deferred_.erase(it);
}

// A change answered only once a majority of the voters journalled it: this master's own
// journal is written in this turn, before any reply of the turn goes out.
Answer LimNode::awaitJournals(uint64_t conn, const std::string& op, Answer a,
                              const reserve::Effects& rfx, const Now& now, Effects* fx) {
  if (!quorumMode() || !a.ok || rfx.empty()) return a;
  AwaitedReply w{op, std::move(a.body), {}};
  for (const auto& r : rfx.put) w.changes.push_back({r.id, r.version});
  for (const auto& r : rfx.dropped) w.changes.push_back({r.id, r.version + 1});
  for (const auto& c : w.changes) {
    journals_.await(c.id, c.version, now.mono + kJournalSeconds);
    journals_.ack(self_, c.id, c.version);
  }
  awaited_[conn] = std::move(w);
  answerAwaited(now, fx);
  return Answer::later();
}

void LimNode::onJournalled(const Json& req, const Now& now, Effects* fx) {
  const Json* v = req.find("version");
  const double version = v && v->isNumber() ? v->asNumber() : 0;
  if (!(version >= 1 && version <= 9e15)) {
    ++counters_.malformed;
    return;
  }
  const std::string sender = protocol::reqString(req, "sender"),
                    id = protocol::reqString(req, "id");
  journals_.ack(sender, id, static_cast<uint64_t>(version));
  redelivery_.acked(sender, id, static_cast<uint64_t>(version));
  // A voter adopting this master's term has its copy (node_terms.cc sendAdoption).
  if (reservations_.adopting() && reservations_.termClosed() && isVoter(sender))
    restampAcked_[sender].insert(id);
  answerAwaited(now, fx);
}

// Replies to the changes a majority journalled, and "try again" to those whose wait ended.
void LimNode::answerAwaited(const Now& now, Effects* fx) {
  if (journals_.awaited() == 0) return;
  std::vector<reserve::Change> done = journals_.takeComplete();
  std::vector<reserve::Change> late = journals_.expired(now.mono);
  if (done.empty() && late.empty()) return;
  // A release frees its slots only once a majority journalled it (reserve/service.h
  // holdReleases): before, a keeper that missed it would bring back a reservation whose
  // slots were given again. One not journalled in time is sent again until it is, or its
  // lease ends.
  for (const reserve::Change& c : done) {
    deliverJournalled(c, now, fx);
    if (reservations_.releaseJournalled(c.id, c.version, *table_, now.mono) &&
        !reservations_.overCommitted().empty())
      overCommitCheck_ = true;
  }
  reserve::Effects again;
  for (const reserve::Change& c : late) {
    auto r = reservations_.releasing().find(c.id);
    if (r == reservations_.releasing().end() || r->second.version + 1 != c.version) {
      deferred_.erase({c.id, c.version});  // never acknowledged: the rest never hears of it
      continue;
    }
    again.dropped.push_back(r->second);
    journals_.await(c.id, c.version, now.mono + kJournalSeconds);
    journals_.ack(self_, c.id, c.version);
  }
  sendChanges(again, now, fx);
  auto in = [](const std::vector<reserve::Change>& list, const reserve::Change& c) {
    return std::find(list.begin(), list.end(), c) != list.end();
  };
  // A creation no majority journalled in time is withdrawn: the other side of a partition
  // cannot see it, and keeping it could promise its slots twice. Like a release, its slots
  // stay counted until a majority journalled the withdrawal: a voter that journalled the
  // creation and missed the withdrawal would otherwise keep a copy over slots given again
  // (found by the simulator, seed 108 with --quorum). A renew that timed out stays as it is
  // (renew again); a release waits on (above).
  reserve::Effects withdrawn;
  for (const reserve::Change& c : late)
    if (c.version == 1 && reservations_.withdraw(c.id, &withdrawn))
      fx->info("reservations: " + c.id +
               " withdrawn: not journalled by a majority of the master candidates in time");
  for (const auto& r : withdrawn.dropped) {
    journals_.await(r.id, r.version + 1, now.mono + kJournalSeconds);
    journals_.ack(self_, r.id, r.version + 1);
  }
  sendChanges(withdrawn, now, fx);
  for (auto it = awaited_.begin(); it != awaited_.end();) {
    AwaitedReply& w = it->second;
    std::string lateIds;
    std::erase_if(w.changes, [&](const reserve::Change& c) {
      if (in(late, c)) lateIds += (lateIds.empty() ? "" : " ") + c.id;
      return in(done, c) || in(late, c);
    });
    if (!lateIds.empty()) {
      fx->reply(it->first,
                format::errorReply("noquorum",
                                   "not journalled by a majority of the master candidates in "
                                   "time (" +
                                       lateIds +
                                       "); a new reservation is withdrawn, a renew may "
                                       "not have taken effect, a release keeps its slots "
                                       "until a majority journalled it; try again"),
                false, w.op);
    } else if (w.changes.empty()) {
      fx->reply(it->first, std::move(w.body), true, w.op);
    } else {
      ++it;
      continue;
    }
    it = awaited_.erase(it);
  }
}

// After holds from hosts the master had not heard (a healed partition), what is over a
// host's slots or a quota limit: marked, counted and logged once per limit.
void LimNode::checkOverCommits(const Now& now, Effects* fx) {
  if (!overCommitCheck_) return;
  overCommitCheck_ = false;
  HostTablePtr t = table_->snapshot(now.mono);
  reserve::OverCommitInput in;
  in.ledger = &reservations_.ledger();
  in.slots = [t](const std::string& host) -> std::optional<int> {
    const int row = t->row(host);
    const double n = row < 0 ? kUnknown : t->number(static_cast<size_t>(row), "ncpus");
    if (n != n || n < 1) return std::nullopt;
    return static_cast<int>(n);
  };
  in.quotas = reservations_.quotaConfig();
  in.period = periodAt(now.local, *config_);
  std::set<std::string> ids, seen;
  for (const reserve::OverCommit& o : reserve::findOverCommits(in)) {
    ids.insert(o.reservations.begin(), o.reservations.end());
    const std::string key = o.host + " " + o.limit;
    seen.insert(key);
    if (overCommitSeen_.count(key)) continue;
    std::string list;
    for (const auto& id : o.reservations) list += (list.empty() ? "" : " ") + id;
    // The merged holds came from the other side of a partition, or from a keeper that was
    // down while this master rebuilt: the log says what is over, not which of the two.
    fx->warn("reservations: over-committed: " + o.limit + " on " + o.host + ": " +
             std::to_string(o.used) + " held, " + std::to_string(o.allowed) + " allowed (" +
             o.text + "); over it: " + list +
             "; nothing more is admitted against it until usage falls back");
  }
  overCommitSeen_ = std::move(seen);
  reservations_.setOverCommitted(std::move(ids));
}

}  // namespace openlim::node
