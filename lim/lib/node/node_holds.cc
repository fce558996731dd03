// What each lim keeps of the reservations on its host (docs/reservations.md): the master
// sends `hold` / `unhold` (signed UDP, kind 7) to every keeper; a keeper keeps them in held_
// and journals them (the shell writes the records, one fdatasync per loop turn), drops them
// when their lease ends, and reports them (`holds`) to every new master, and to a master
// whose lim restarted, which rebuilds its ledger from these reports before it admits a
// reservation (reserve/rebuild.h); a rebuilding master asks (`askholds`) the hosts it hears
// whose report has not come.
#include <algorithm>
#include <cmath>

#include "format/json_writer.h"
#include "format/reply_json.h"
#include "node/holds_limits.h"
#include "node/holds_messages.h"
#include "node/lim_node.h"
#include "protocol/request.h"
#include "reserve/journal.h"
#include "reserve/keepers.h"
#include "reserve/reservation_json.h"

namespace openlim::node {

using format::Json;

namespace {

// A holds report's "part" / "parts": a whole number in range, else -1; `absent` when the
// field is missing (a report from a lim that predates parts is whole in one datagram).
double partField(const Json& req, const char* key, double absent) {
  const Json* v = req.find(key);
  if (!v) return absent;
  double d = v->isNumber() ? v->asNumber() : -1;
  return d >= 0 && d <= 1e9 && d == std::floor(d) ? d : -1;
}

}  // namespace

void LimNode::keep(const reserve::Reservation& r, double wall, Effects* fx) {
  if (held_.merge(r, wall)) fx->journal.push_back(reserve::journalPut(r));
}

// Remembered as released even when its hold has not come yet: a hold the network delayed
// or duplicated past its unhold must not bring it back (found by the simulator, seed 83).
void LimNode::forget(const std::string& id, Effects* fx) {
  const bool buried = held_.buried(id);  // released here already: nothing new to journal
  (void)held_.forgetReleased(id);
  if (!buried) fx->journal.push_back(reserve::journalDrop(id));
}

std::vector<std::string> LimNode::keepersOf(const reserve::Reservation& r) const {
  return reserve::keepersOf(r, election().isMaster() ? self_ : std::string(), config_->masterList);
}

void LimNode::applyEffects(const reserve::Effects& rfx, const Now& now, Effects* fx) {
  auto all = [](const std::string&) { return true; };
  for (const auto& r : rfx.put) deliver(r, false, all, now, fx);
  for (const auto& r : rfx.dropped) deliver(r, true, all, now, fx);
}

void LimNode::deliver(const reserve::Reservation& r, bool drop,
                      const std::function<bool(const std::string&)>& to, const Now& now,
                      Effects* fx) {
  for (const auto& h : keepersOf(r)) {
    if (!to(h)) continue;
    if (h == self_) {
      if (drop)
        forget(r.id, fx);
      else
        keep(r, now.wall, fx);
    } else {
      fx->send(
          h, protocol::Kind::kAdmin,
          drop ? unholdJson(self_, r.id, r.version + 1, reservations_.term()) : holdJson(self_, r));
      ++counters_.holds_sent;
      redelivery_.sent(h, r.id, drop ? r.version + 1 : r.version, drop, r.expires, now.mono);
    }
  }
}

void LimNode::onHoldFrame(const std::string& op, const Json& req, const Now& now, Effects* fx) {
  const std::string sender = protocol::reqString(req, "sender");
  if (op == "hold") {
    const Json* r = req.find("reservation");
    auto res = r ? reserve::reservationFromJson(*r)
                 : Result<reserve::Reservation>(Status(Code::kInvalid, "no reservation"));
    if (!res) {
      ++counters_.malformed;
      return;
    }
    if (!takesTermWrite(res->term, sender, fx)) return;
    keep(*res, now.wall, fx);
    // Journalled this version (or a later one) in this turn: say so once it is on disk.
    if (const reserve::Reservation* kept = held_.find(res->id);
        kept && kept->version >= res->version)
      ackHold(sender, res->id, res->version, fx);
  } else if (op == "unhold") {
    const Json* ids = req.find("ids");
    const double version = partField(req, "version", 0);
    const double term = partField(req, "term", 0);
    if (!takesTermWrite(term > 0 ? static_cast<uint64_t>(term) : 0, sender, fx)) return;
    if (ids && ids->isArray())
      for (const Json& id : ids->items()) {
        forget(id.asString(), fx);
        if (version >= 1 && !held_.find(id.asString()))
          ackHold(sender, id.asString(), static_cast<uint64_t>(version), fx);
      }
  } else if (op == "held" && election().isMaster()) {
    onJournalled(req, now, fx);
  } else if (op == "holds" && election().isMaster()) {
    const Json* list = req.find("reservations");
    const double part = partField(req, "part", 0), parts = partField(req, "parts", 1);
    if (!list || !list->isArray() || part < 0 || parts < 1 || part >= parts) {
      ++counters_.malformed;
      return;
    }
    // Answered at once: the keeper sends the report again until every part was.
    fx->send(sender, protocol::Kind::kAdmin,
             gotHoldsJson(self_, static_cast<size_t>(part), static_cast<size_t>(parts)));
    std::vector<reserve::Reservation> rs;
    for (const Json& item : list->items())
      if (auto r = reserve::reservationFromJson(item)) rs.push_back(std::move(*r));
    reserve::Effects rfx;
    // Releases this keeper journalled first: another keeper that missed one must not bring
    // it back (a bounded list: kMaxReleasedReported).
    if (const Json* released = req.find("released"); released && released->isArray()) {
      std::vector<std::string> ids;
      for (const Json& id : released->items())
        if (id.isString() && ids.size() < kMaxReleasedReported) ids.push_back(id.asString());
      reservations_.mergeReleased(ids, *table_, now.mono, &rfx);
      for (const auto& r : rfx.dropped)
        fx->info("reservations: " + r.id + " dropped: " + sender + " journalled its release");
    }
    // Quorum mode: a voter's copies count once it promised this master's term; a copy of a
    // later term than this master's says another master rebuilt since: this one begins again.
    if (quorumMode() && sender != self_) {
      uint64_t latest = 0;
      for (const auto& r : rs) latest = std::max(latest, r.term);
      if (latest > reservations_.term()) {
        highestTerm_ = std::max(highestTerm_, latest);
        startRebuild(
            now, fx,
            ("a copy from " + sender + " was written at term " + std::to_string(latest)).c_str());
        return;
      }
      if (isVoter(sender)) {
        if (!takeVoterReport(sender, req, &rs, now, fx)) return;
      } else if (!reservations_.termClosed()) {
        reservations_.noteCopies(rs, std::nullopt);
      }
    }
    const uint64_t mergedBefore = reservations_.counters().merged;
    std::vector<std::string> changed;
    reservations_.merge(sender, rs, now.wall, *table_, now.mono, &rfx, &changed);
    applyEffects(rfx, now, fx);
    // An open window's copies go to every keeper when it closes. What the report added to a closed
    // window's ledger, or lengthened (renewed on both sides of a split, under the same version),
    // goes to the other keepers; a copy that changed nothing is not sent again.
    if (!keepersBehind_) {
      for (const auto& id : changed)
        if (const reserve::Reservation* in = reservations_.ledger().find(id))
          bringKeepersUpToDate(*in, now, fx);
      if (sender != self_) bringKeeperUpToDate(sender, rs, now);
    }
    // Reservations this master did not know: after a partition, maybe over a limit.
    if (reservations_.counters().merged != mergedBefore) overCommitCheck_ = true;
    reservations_.rebuildWindow().reported(sender, static_cast<size_t>(part),
                                           static_cast<size_t>(parts), now.mono);
  } else if (op == "gotholds" && !election().isMaster()) {
    const double part = partField(req, "part", -1), parts = partField(req, "parts", 0);
    if (part >= 0 && part < parts)
      reporter_.answered(sender, static_cast<size_t>(part), static_cast<size_t>(parts));
  } else if (op == "askholds" && !election().isMaster() && config_->findHost(sender)) {
    onAskHolds(sender, req, fx);
  } else if (op == "adopt" && !election().isMaster() && config_->findHost(sender)) {
    onAdopt(sender, req, fx);
  } else if (op == "adopted" && election().isMaster()) {
    onAdopted(sender, req, fx);
  } else if (op == "fenced" && election().isMaster()) {
    onFenced(sender, req, now, fx);
  }
}

void LimNode::startRebuild(const Now& now, Effects* fx, const char* why) {
  const auto& p = config_->params;
  // Available mode waits for every host heard (an exchange interval and two probe timeouts
  // at least): any keeper's copy may be the only one. Quorum mode needs the holds of the
  // voters' majority alone (every acknowledged change is on a majority, and a host's copy
  // that comes later still joins), and waits one exchange interval: by then every live lim
  // sent its load, so nothing is refused for a host the new master has not heard yet, and a
  // master on the other side of a split that lost its majority has noticed (a fast
  // candidate's silence rule, about 10 s) and serves its ledger as `rebuilding`: two masters
  // never serve a ledger as whole at once (tests/sim seed 2794 --quorum, with a shorter wait).
  const double settle = p.exInterval + (quorumMode() ? 0 : 2 * p.probeTimeout);
  reserve::RebuildTiming timing{
      .settle = settle, .limit = 3 * settle, .askEvery = std::max(p.probeTimeout, 0.5)};
  std::optional<reserve::RebuildQuorum> quorum;
  if (quorumMode()) quorum = reserve::RebuildQuorum{voters(), self_};
  reservations_.beginRebuild(now.mono, timing, config_, std::move(quorum));
  restartRedelivery();
  keepersBehind_ = true;
  termAskEvery_ = timing.askEvery;
  if (quorumMode()) beginTerm(now, fx);
  reserve::Effects rfx;
  reservations_.mergeReleased(held_.recentlyReleased(kMaxReleasedReported), *table_, now.mono,
                              &rfx);
  const std::vector<reserve::Reservation> own = heldList();
  if (quorumMode())
    reservations_.noteCopies(
        own, isVoter(self_) ? std::optional<uint64_t>(voterTerm_.adopted) : std::nullopt);
  reservations_.merge(self_, own, now.wall, *table_, now.mono, &rfx);
  applyEffects(rfx, now, fx);
  fx->info(std::string("reservations: ") + why + "; rebuilding the ledger from the hosts" +
           (quorumMode() ? " at term " + std::to_string(reservations_.term()) : ""));
}

void LimNode::reservationTimers(const Now& now, Effects* fx) {
  const bool isMaster = election().isMaster();
  // Quorum mode: a master that heard no majority for a while may have missed what the other
  // side admitted; it rebuilds again, as a new master does, before it admits anything.
  const bool majority = !quorumMode() || election().hearsMajorityOf(voters(), now.mono);
  const bool regained = isMaster && wasMaster_ && majority && !hadMajority_;
  // ... and one that stops hearing it shows its ledger as what it is, a view that may be
  // stale (listings say "rebuilding", and nothing is admitted) until then (found by the
  // simulator, seed 997 with --quorum: a cut-off master's ledger over a host's slots).
  const bool lost = isMaster && wasMaster_ && !majority && hadMajority_;
  hadMajority_ = majority;
  if (lost) {
    reservations_.beginRebuild(now.mono, {}, config_, reserve::RebuildQuorum{voters(), self_});
    restartRedelivery();
    fx->warn(
        "reservations: a majority of the master candidates is not heard; admitting, "
        "renewing and releasing nothing until it is");
  } else if (isMaster && (!wasMaster_ || regained)) {
    // A new master, or this one restarted: the hosts report what they hold once they hear
    // it; until every host heard has (reserve/rebuild.h) no reservation is admitted.
    startRebuild(now, fx,
                 regained ? "a majority of the master candidates is heard again" : "master now");
  } else if (!isMaster && wasMaster_) {
    reservations_.endRole();
    restartRedelivery();
  }
  wasMaster_ = isMaster;
  if (isMaster && reservations_.nextExpiry() <= now.wall) {
    // No unhold for an ended lease: each keeper drops it on its own clock (below). An
    // unhold would also make a keeper forget the copy another master renewed past this
    // ledger's lease (found by the simulator, tests/sim seeds 2994 and 4231).
    reserve::Effects ended;
    reservations_.expire(now.wall, *table_, now.mono, &ended);
    overCommitCheck_ = overCommitCheck_ || !reservations_.overCommitted().empty();
  }
  if (isMaster) termTimers(now, fx);
  if (isMaster) checkOverCommits(now, fx);
  // Not journalled: replay drops an ended lease by its own expiry time. Not buried either: a
  // copy whose lease still runs is a renew this keeper missed (another side's master, or a
  // resend), never a stale one (merge refuses an ended lease).
  if (held_.nextExpiry() <= now.wall) held_.expire(now.wall, false);
  if (isMaster && keepersBehind_ && !reservations_.rebuilding(now.mono)) {
    keepersBehind_ = false;
    bringKeepersUpToDate(now, fx);
  }
  if (isMaster) resendChanges(now, fx);
  if (isMaster) {
    reserve::RebuildWindow& w = reservations_.rebuildWindow();
    for (const std::string& h : w.toAsk(now.mono, kMaxAsksPerTurn)) {
      fx->send(h, protocol::Kind::kAdmin, askHoldsJson(self_));
      ++counters_.holds_asks;
    }
    size_t missing = 0;
    std::vector<std::string> names = w.takeMissing(now.mono, 10, &missing);
    if (missing > 0) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : " ") + n;
      if (missing > names.size()) list += " ...";
      fx->warn("reservations: admitting again without the holds of " + std::to_string(missing) +
               " host(s) that answer but never reported them (" + list + ")");
    }
  }
  // A keeper reports to each master it learns of: a new name, or a new boot epoch under the
  // same name (that master's lim restarted and lost its ledger).
  const std::string& master = election().master();
  if (isMaster) {
    reporter_.reported(self_, 0);  // a later master, even the one before, hears again
  } else if (const uint64_t epoch = replay_.epochOf(master); reporter_.due(master, epoch)) {
    const size_t parts = sendHoldsReport(master, fx);
    reporter_.sent(master, epoch, parts, now.mono, std::max(config_->params.probeTimeout, 0.5));
  } else if (reporter_.resendDue(master, now.mono)) {
    reporter_.resent(sendHoldsReport(master, fx));
    ++counters_.holds_reports_resent;
  }
}

}  // namespace openlim::node
