// Quorum mode's terms (reserve/terms.h): a rebuilding master takes a term later than any it
// heard of, counts a voter's holds once the voter promised it, keeps of the voters' copies
// those written since the latest term a majority adopted, writes its ledger again at its
// term to every voter, and admits once a majority adopted it. A voter refuses changes of an
// earlier term than it promised.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "format/json_writer.h"
#include "node/holds_messages.h"
#include "node/lim_node.h"
#include "protocol/request.h"
#include "reserve/journal.h"
#include "reserve/keepers.h"
#include "reserve/reservation_json.h"

namespace openlim::node {

using format::Json;

namespace {

std::string hex(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

uint64_t termOf(const Json& req) {
  const Json* v = req.find("term");
  const double d = v && v->isNumber() ? v->asNumber() : 0;
  return d >= 1 && d <= 9e15 ? static_cast<uint64_t>(d) : 0;
}

}  // namespace

bool LimNode::isVoter(const std::string& host) const {
  const std::vector<std::string> v = voters();
  return std::find(v.begin(), v.end(), host) != v.end();
}

void LimNode::beginTerm(const Now& now, Effects* fx) {
  const uint64_t term = std::max(voterTerm_.promised, highestTerm_) + 1;
  if (voterTerm_.adopted > 0 || voterTerm_.lost) termHistory_ = true;
  highestTerm_ = term;
  ++counters_.terms_begun;
  if (isVoter(self_) && reserve::promise(&voterTerm_, term, self_))
    fx->journal.push_back(reserve::journalTerm(voterTerm_));
  reservations_.beginTerm(term, *table_, now.mono);
  termCounted_.clear();
  adoptedBy_.clear();
  restampAcked_.clear();
  termResendAt_ = now.mono + termAskEvery_;
  for (const std::string& v : voters())
    if (v != self_) fx->send(v, protocol::Kind::kAdmin, askHoldsJson(self_, term));
}

bool LimNode::takeVoterReport(const std::string& sender, const Json& req,
                              std::vector<reserve::Reservation>* rs, const Now& now, Effects* fx) {
  reserve::VoterTerm vt;
  if (const Json* t = req.find("term"))
    if (auto parsed = reserve::voterTermFromJson(*t)) vt = std::move(*parsed);
  highestTerm_ = std::max(highestTerm_, vt.promised);
  const uint64_t term = reservations_.term();
  if (vt.adopted > 0 || vt.lost ||
      (vt.promised > 0 && (vt.promised != term || vt.promisedTo != self_)))
    termHistory_ = true;
  if (vt.promised > term || (vt.promised == term && vt.promisedTo != self_)) {
    // Promised a later term (or this one to another master): this master's rebuild, or its
    // ledger, is behind another's; begin again at a term later than that one.
    startRebuild(now, fx,
                 ("voter " + sender + " promised term " + std::to_string(vt.promised) + " to " +
                  vt.promisedTo)
                     .c_str());
    return false;
  }
  if (reservations_.termClosed()) {
    // Late: only what this master's term wrote joins; an older copy the rebuilt ledger
    // left out was never acknowledged. The term's ledger goes to the voter, which then
    // drops such copies as it adopts.
    std::erase_if(*rs, [term](const reserve::Reservation& r) { return r.term < term; });
    if (vt.adopted < term && !adoptedBy_.count(sender)) sendAdoption(sender, true, fx);
    return true;
  }
  if (vt.promised != term) return false;  // not asked yet: it is, and answers again
  termCounted_[sender] = vt.adopted;
  reservations_.noteCopies(*rs, vt.adopted);
  return true;
}

// Whether the voters counted make a majority that remembers: once terms were seen, a voter
// that adopted none lost its files (deleted, or garbled: LimNode::start forgets the adoption)
// or is new, and what it lacks says nothing. Such a majority could leave out what only the
// others kept (found by the simulator, seeds 280 and 1589 with --quorum), so the rebuild
// waits for remembering voters to be a majority, or for every voter.
bool LimNode::rememberingMajority() const {
  const size_t n = voters().size();
  size_t counted = termCounted_.size(), remembering = 0;
  for (const auto& [voter, adopted] : termCounted_) remembering += adopted > 0;
  if (isVoter(self_)) {
    ++counted;
    remembering += voterTerm_.adopted > 0;
  }
  return !termHistory_ || 2 * remembering > n || counted >= n;
}

bool LimNode::takesTermWrite(uint64_t term, const std::string& master, Effects* fx) {
  if (!votingHere()) return true;
  if (!reserve::takesWrite(voterTerm_, term, master)) {
    ++counters_.holds_fenced;
    // Say so: a master whose voters promised a later term to another (that one's rebuild
    // began while the election had not settled) learns it and rebuilds at a later term
    // still. Unsaid, it stayed master and acknowledged nothing, ever (found by the
    // simulator, seed 226 with --quorum).
    fx->send(master, protocol::Kind::kAdmin, fencedJson(self_, voterTerm_.promised));
    return false;
  }
  if (reserve::promise(&voterTerm_, term, master))
    fx->journal.push_back(reserve::journalTerm(voterTerm_));
  return true;
}

// A master rebuilding its ledger has not heard our holds (lost, or its restart missed). A
// voter asked at a term promises it first, on disk before the report leaves.
void LimNode::onAskHolds(const std::string& sender, const Json& req, Effects* fx) {
  ++counters_.holds_asked;
  bool promised = false;
  if (const uint64_t term = termOf(req);
      term > 0 && votingHere() && reserve::mayPromise(voterTerm_, term, sender)) {
    promised = reserve::promise(&voterTerm_, term, sender);
    if (promised) fx->journal.push_back(reserve::journalTerm(voterTerm_));
  }
  sendHoldsReport(sender, fx, promised);
  if (sender == election().master()) reporter_.reported(sender, replay_.epochOf(sender));
}

void LimNode::adoptHere(uint64_t term, Effects* fx) {
  std::vector<std::string> earlier;
  for (const reserve::Reservation* r : held_.list(""))
    if (r->term < term) earlier.push_back(r->id);
  for (const std::string& id : earlier) forget(id, fx);
  voterTerm_.adopted = std::max(voterTerm_.adopted, term);
  voterTerm_.lost = false;
  fx->journal.push_back(reserve::journalTerm(voterTerm_));
}

void LimNode::onAdopt(const std::string& sender, const Json& req, Effects* fx) {
  const uint64_t term = termOf(req);
  if (term == 0 || !votingHere() || !takesTermWrite(term, sender, fx)) return;
  const Json* count = req.find("count");
  const double n = count && count->isNumber() ? count->asNumber() : -1;
  if (!(n >= 0 && n <= 9e15)) return;
  const reserve::TermDigest want{
      static_cast<uint64_t>(n),
      std::strtoull(protocol::reqString(req, "hash").c_str(), nullptr, 16)};
  // Not whole yet (a hold lost or still on its way): the master sends them again.
  if (reserve::digestOf(held_, term) != want) return;
  if (voterTerm_.adopted < term) adoptHere(term, fx);
  Json o = Json::object();
  o.add("op", Json::string("adopted"));
  o.add("sender", Json::string(self_));
  o.add("term", Json::number(static_cast<double>(term)));
  fx->committedDatagrams.push_back({sender, protocol::Kind::kAdmin, o.compact()});
}

void LimNode::onFenced(const std::string& sender, const Json& req, const Now& now, Effects* fx) {
  const uint64_t term = termOf(req);
  if (!quorumMode() || !isVoter(sender) || term <= reservations_.term()) return;
  highestTerm_ = std::max(highestTerm_, term);
  startRebuild(now, fx, (sender + " promised a later term (" + std::to_string(term) + ")").c_str());
}

void LimNode::onAdopted(const std::string& sender, const Json& req, Effects* fx) {
  if (!reservations_.termClosed() || termOf(req) != reservations_.term() || !isVoter(sender))
    return;
  adoptedBy_.insert(sender);
  if (!reservations_.adopting() || 2 * adoptedBy_.size() <= voters().size()) return;
  reservations_.termAdopted();
  fx->info("reservations: term " + std::to_string(reservations_.term()) + " adopted by " +
           std::to_string(adoptedBy_.size()) + " of " + std::to_string(voters().size()) +
           " voters; admitting again");
}

void LimNode::closeTerm(const Now& now, Effects* fx) {
  reserve::Effects rfx;
  const size_t leftOut = reservations_.closeTerm(*table_, now.mono, &rfx);
  counters_.term_copies_left_out += leftOut;
  overCommitCheck_ = true;
  auto all = [](const std::string&) { return true; };
  for (const auto& r : rfx.dropped) deliver(r, true, all, now, fx);
  // The rebuilt ledger at the term: this voter keeps it, the others get it.
  for (const auto& r : rfx.put)
    if (isVoter(self_)) keep(r, now.wall, fx);
  const uint64_t term = reservations_.term();
  if (isVoter(self_)) {
    adoptHere(term, fx);
    adoptedBy_.insert(self_);
  }
  for (const std::string& v : voters())
    if (v != self_) sendAdoption(v, true, fx);
  termResendAt_ = now.mono + termAskEvery_;
  fx->info("reservations: ledger rebuilt at term " + std::to_string(term) + " (" +
           std::to_string(reservations_.ledger().size()) + " kept; " + std::to_string(leftOut) +
           " voters' copies of earlier terms left out, never acknowledged)");
  if (2 * adoptedBy_.size() > voters().size()) reservations_.termAdopted();
}

// The term's ledger to `voter` (when `withHolds`), then the digest it must match to adopt.
void LimNode::sendAdoption(const std::string& voter, bool withHolds, Effects* fx) {
  const reserve::Ledger& ledger = reservations_.ledger();
  const uint64_t term = reservations_.term();
  const std::set<std::string>& acked = restampAcked_[voter];
  if (withHolds)
    for (const reserve::Reservation* r : ledger.list("")) {
      if (acked.count(r->id)) continue;
      fx->send(voter, protocol::Kind::kAdmin, holdJson(self_, *r));
      ++counters_.holds_sent;
    }
  const reserve::TermDigest d = reserve::digestOf(ledger, term);
  Json o = Json::object();
  o.add("count", Json::number(static_cast<double>(d.count)));
  o.add("hash", Json::string(hex(d.hash)));
  o.add("op", Json::string("adopt"));
  o.add("sender", Json::string(self_));
  o.add("term", Json::number(static_cast<double>(term)));
  fx->send(voter, protocol::Kind::kAdmin, o.compact());
}

// Asks the voters not counted yet; once the window closed, sends the term's ledger to those
// that have not adopted it: until a majority did, and after, to every voter heard (one that
// never adopted a term would later count as one that lost its files, rememberingMajority).
void LimNode::termTimers(const Now& now, Effects* fx) {
  if (!quorumMode() || !election().isMaster() || reservations_.term() == 0) return;
  if (reservations_.termClosable(now.mono) && rememberingMajority()) closeTerm(now, fx);
  if (now.mono < termResendAt_ || !termBehind()) return;
  termResendAt_ = now.mono + termAskEvery_;
  for (const std::string& v : voters()) {
    if (v == self_) continue;
    if (!reservations_.termClosed() && !termCounted_.count(v))
      fx->send(v, protocol::Kind::kAdmin, askHoldsJson(self_, reservations_.term()));
    else if (reservations_.termClosed() && !adoptedBy_.count(v) &&
             (reservations_.adopting() || election().alive(v, now.mono)))
      sendAdoption(v, true, fx);
  }
}

// A voter has not promised or adopted the master's term yet.
bool LimNode::termBehind() const {
  return reservations_.adopting() || adoptedBy_.size() < voters().size();
}

double LimNode::termDeadline() const {
  if (!quorumMode() || !election().isMaster() || reservations_.term() == 0 || !termBehind())
    return std::numeric_limits<double>::infinity();
  return termResendAt_;
}

}  // namespace openlim::node
