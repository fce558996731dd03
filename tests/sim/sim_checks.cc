// The invariants checked on the masters and the lims (sim_invariants.h): after every event
// (over-commit, resurrection, releases and copies), in calm phases (lost), and at the end
// (exactly once, convergence). The clients' view they check against is sim_invariants.cc's.
#include <algorithm>

#include "reserve/held_replay.h"
#include "reserve/keepers.h"
#include "sim_invariants.h"

namespace openlim::sim {

namespace {
// Leases end on a master's tick (once a second) and a client's view lags a step behind.
constexpr double kExpiryGrace = 2.5;
}  // namespace

void Invariants::afterEvent() {
  const double wall = cluster_.wall(), now = cluster_.now();
  for (auto it = active_.begin(); it != active_.end();) {
    if (it->second.maybeExpires + 0.001 < wall) {
      ++counters_.expired;
      gone_[it->first] = {now, now + kExpiryGrace, it->second.splitAck, false, false};
      it = active_.erase(it);
    } else {
      ++it;
    }
  }
  verifyReleases();
  countCopies();
  auto masters = cluster_.masters();
  // Two masters for longer than a handover takes (a probe and an announce).
  if (masters.size() < 2)
    multiSince_ = -1;
  else if (multiSince_ < 0)
    multiSince_ = now;
  else if (now - multiSince_ > 2 * cluster_.config().params.probeTimeout + 1)
    splitBrain_ = true;
  for (const node::LimNode* m : masters) checkMaster(*m);
}

// A moment after a release was acknowledged: does any keeper (live, or in a down host's
// files) still keep it? Then a failover may bring it back (the known gap).
void Invariants::verifyReleases() {
  while (!toVerify_.empty() && toVerify_.front().first <= cluster_.now()) {
    auto g = gone_.find(toVerify_.front().second);
    if (g != gone_.end()) g->second.incomplete = heldSomewhere(g->first);
    toVerify_.pop_front();
  }
}

void Invariants::countCopies() {
  while (!copiesDue_.empty() && copiesDue_.front().first <= cluster_.now()) {
    const std::string id = copiesDue_.front().second;
    copiesDue_.pop_front();
    int copies = 0;
    for (const auto& n : cluster_.names())
      if (const node::LimNode* l = cluster_.node(n); l && l->held().find(id)) ++copies;
    if (copies == 1 && active_.count(id)) {
      ++counters_.singleCopy;
      singleCopySeen_ = true;
      cluster_.note("single copy: " + id + " is kept by one lim alone");
    }
  }
}

void Invariants::checkReachable(const node::LimNode& m) {
  const reserve::Ledger& ledger = m.reservations().ledger();
  for (const auto& [id, a] : active_) {
    if (a.releasing || ledger.find(id)) continue;
    bool live = false;
    for (const auto& n : cluster_.names())
      if (const node::LimNode* l = cluster_.node(n); l && l->held().find(id)) live = true;
    if (live) continue;  // the lost check's business, not an excuse
    ++counters_.unreachable;
    unreachableSeen_ = true;
    cluster_.note("unreachable: " + id + " is kept by no live lim as " + m.self() +
                  " closes its rebuild window");
  }
}

void Invariants::resurrected(const std::string& id, const Gone& g, const node::LimNode& m) {
  const std::string what = "resurrection: " + id + (g.released ? " released" : " expired") +
                           ", back in master " + m.self() + "'s ledger";
  // Quorum mode: a release is acknowledged once a majority of the voters journalled it, and
  // every rebuild hears a majority: only a garbled journal, or a voter's destroyed files
  // (outside its promise, as for over-commits), can bring one back.
  const bool quorum =
      cluster_.config().params.reservationConsistency == ReservationConsistency::kQuorum;
  if (lastGarble_ >= g.at || (quorum ? voterFilesLost_ : g.split)) {
    ++counters_.resurrections;
    cluster_.note(what + " (after a split or a garbled journal)");
  } else if (quorum) {
    fail(what);
  } else if (g.released && g.incomplete) {
    const std::string knownBy = releaseKnownBy(id, m.self());
    if (knownBy.empty()) {
      ++counters_.releaseGap;
      cluster_.note(what + " (every lim that journalled its release is down or cut off: the " +
                    "known gap)");
      if (releaseGapFails_) fail(what + " (a keeper never forgot it)");
    } else {
      // Its report is on the way (a lim that restarted or was cut off during the window).
      ++counters_.releaseBackHeard;
      cluster_.note(what + " while" + knownBy + " journalled its release");
    }
  } else {
    fail(what);
  }
  if (g.released) cameBack_[id] = m.reservations().ledger().find(id)->expires;
}

std::string Invariants::releaseKnownBy(const std::string& id, const std::string& master) {
  std::string out;
  for (const auto& n : cluster_.names())
    if (const node::LimNode* l = cluster_.node(n);
        l && n != master && cluster_.net().connected(n, master) && l->held().releasedHere(id))
      out += " " + n;
  return out;
}

// A released reservation that came back (the known gap, a split) goes again once the master
// hears a lim that journalled the release: its holds report names the release, which wins
// over any copy (docs/reservations.md: "a released or expired one never comes back" at the
// heal).
void Invariants::checkCameBack(const node::LimNode& m) {
  for (auto it = cameBack_.begin(); it != cameBack_.end();) {
    if (it->second + kExpiryGrace < cluster_.wall() || !m.reservations().ledger().find(it->first)) {
      it = cameBack_.erase(it);
      continue;
    }
    const std::string knownBy = releaseKnownBy(it->first, m.self());
    if (!knownBy.empty())
      fail("resurrection: " + it->first + " released, still in master " + m.self() +
           "'s ledger in a calm phase though" + knownBy + " journalled its release");
    ++it;
  }
}

void Invariants::checkMaster(const node::LimNode& m) {
  const double now = cluster_.now(), wall = cluster_.wall();
  const reserve::Ledger& ledger = m.reservations().ledger();
  for (const reserve::Reservation* r : ledger.list(""))
    if (r->expires + kExpiryGrace < wall)
      fail("expiry: master " + m.self() + " keeps " + r->id + " whose lease ended");
  // A rebuilding master admits, renews and releases nothing: its ledger is being put
  // together from the keepers' reports (one keeper's stale copy, then another's release).
  // What it holds once the window closed is what it serves.
  if (m.reservations().rebuilding(now)) {
    rebuilding_.insert(m.self());
    return;
  }
  if (rebuilding_.erase(m.self())) checkReachable(m);
  for (const reserve::Reservation* r : ledger.list("")) {
    auto g = gone_.find(r->id);
    if (g != gone_.end() && g->second.checkFrom <= now) {
      resurrected(r->id, g->second, m);
      gone_.erase(g);  // counted once
    }
  }
  const int ncpus = 4;
  for (const auto& h : cluster_.names()) {
    const reserve::HostTotal* t = ledger.heldOn(h);
    const bool over = t && t->slots > ncpus;
    const auto key = std::make_pair(m.self(), h);
    if (over && overNow_.insert(key).second) {
      ++counters_.overCommits;
      cluster_.note("over-commit: " + h + " holds " + std::to_string(t->slots) + " slots in " +
                    m.self() + "'s ledger");
      std::string ids;
      for (const reserve::Reservation* r : ledger.list(""))
        if (r->holdsHost(h)) ids += " " + r->id;
      if (!overCommitExcused())
        fail("over-commit: " + h + " holds " + std::to_string(t->slots) + " slots (" + ids +
             " ) in master " + m.self() +
             "'s ledger, with no partition, split or resurrection before");
    } else if (!over) {
      overNow_.erase(key);
    }
  }
}

bool Invariants::isVoter(const std::string& host) const {
  const auto v = reserve::votersOf(cluster_.config().masterList);
  return std::find(v.begin(), v.end(), host) != v.end();
}

// Whether a live lim keeps `id`, or a down host's files still hold it.
bool Invariants::heldSomewhere(const std::string& id) const {
  for (const auto& n : cluster_.names()) {
    if (const node::LimNode* l = cluster_.node(n)) {
      if (l->held().find(id)) return true;
      continue;
    }
    reserve::Ledger held;
    reserve::replayHeld(cluster_.host(n).disk.load(), cluster_.wall(), &held);
    if (held.find(id)) return true;
  }
  return false;
}

// Once calm, every live keeper of a reservation the master holds has a copy: the master
// sends each change until its keeper acknowledges it, and a new master brings the keepers up
// to date once its ledger is whole (reserve/redelivery.h). A reservation acknowledged less
// than two resend gaps ago may still be on its way. Available mode: quorum mode promises the
// copies of a majority of the voters (a change waits for them), and a renew that timed out
// there stays in the ledger without going further, even once a majority journalled it late.
void Invariants::checkCopies(const node::LimNode& m) {
  if (cluster_.config().params.reservationConsistency == ReservationConsistency::kQuorum) return;
  const double now = cluster_.now(), wall = cluster_.wall();
  const double settling = 2 * cluster_.config().params.exInterval + 5;
  for (const reserve::Reservation* r : m.reservations().ledger().list("")) {
    auto a = active_.find(r->id);
    if (r->expires < wall + kExpiryGrace || a == active_.end() || a->second.releasing ||
        a->second.ackedAt > now - settling)
      continue;
    for (const auto& k : reserve::keepersOf(*r, m.self(), cluster_.config().masterList)) {
      const node::LimNode* l = cluster_.node(k);
      // A keeper that buried it saw it released: the other side of a split released what
      // this side renewed, and the merge kept it (counted as a resurrection after a split).
      const bool splitRelease = (partitionSeen_ || splitBrain_) && l && l->held().buried(r->id);
      if (l && !l->held().find(r->id) && !splitRelease)
        fail("copies: " + k + " is up but keeps no copy of " + r->id + ", which master " +
             m.self() + " holds (acknowledged " + std::to_string(now - a->second.ackedAt) +
             " s ago)");
    }
  }
}

void Invariants::stable() {
  auto masters = cluster_.masters();
  if (masters.size() != 1 || masters[0]->reservations().rebuilding(cluster_.now())) return;
  ++counters_.stableChecks;
  const node::LimNode& m = *masters[0];
  checkCopies(m);
  checkCameBack(m);
  const double wall = cluster_.wall();
  for (const auto& [id, a] : active_) {
    if (a.uncertain || a.releasing || a.expires < wall + kExpiryGrace) continue;
    const bool inLedger = m.reservations().ledger().find(id) != nullptr;
    if (a.splitAck && !inLedger) {  // outside the available mode's promise: counted once
      ++counters_.splitLost;
      cluster_.note("lost after a split: " + id);
      active_.at(id).uncertain = true;
      continue;
    }
    std::string keptBy;
    for (const auto& n : cluster_.names())
      if (const node::LimNode* l = cluster_.node(n); l && l->held().find(id)) keptBy += " " + n;
    const bool liveCopy = !keptBy.empty();
    if (liveCopy && !inLedger)
      fail("lost: " + id + " (acknowledged, expires in " + std::to_string(a.expires - wall) +
           " s) is kept by" + keptBy + " but not in master " + m.self() + "'s ledger");
    if (!liveCopy && !heldSomewhere(id)) {
      if (lastDamage_ >= a.ackedAt || a.votersForgot) {
        ++counters_.unprotected;
        active_.at(id).uncertain = true;  // outside the promise: counted once
      } else {
        fail("lost: " + id + " (acknowledged) is kept by no host, and no files were damaged");
      }
    }
  }
}

void Invariants::end() {
  for (const auto& [conn, s] : open_)
    fail("exactly once: request " + std::to_string(conn) + " (" + s.op + " on " + s.host +
         ") never answered");
  auto masters = cluster_.masters();
  if (masters.size() != 1) {
    fail("convergence: " + std::to_string(masters.size()) + " masters after the heal");
    return;
  }
  const node::LimNode& m = *masters[0];
  const double now = cluster_.now();
  const double recent = 2 * cluster_.config().params.exInterval + 1;
  for (const auto& n : cluster_.names()) {
    const node::LimNode* l = cluster_.node(n);
    if (!l) continue;
    if (l->election().master() != m.self())
      fail("convergence: " + n + " sees master '" + l->election().master() + "', not " + m.self());
    if (m.table().lastReport(n) < now - recent)
      fail("convergence: master " + m.self() + " has no recent report of " + n + " (its last " +
           std::to_string(now - m.table().lastReport(n)) + " s ago; " + n + " sent " +
           std::to_string(l->counters().reports_sent) + " reports; the master refused " +
           std::to_string(m.counters().auth_replay) + " as replays)");
  }
}

}  // namespace openlim::sim
