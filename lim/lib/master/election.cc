#include "master/election.h"

#include <strings.h>

#include <algorithm>
#include <cctype>

#include "util/period_grid.h"

namespace openlim::master {

Election::Election(std::string self, std::vector<std::string> candidates, ElectionParams p,
                   double now)
    : self_(std::move(self)), startedAt_(now), nextHeartbeat_(now), nextBeat_(now) {
  reconfigure(std::move(candidates), p);
}

namespace {

std::string lowered(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

}  // namespace

// A hash lookup: without LSF_MASTER_LIST every server host is a candidate, and the liveness
// rule asks a peer's rank for every candidate on every tick.
int Election::rankOf(const std::string& host) const {
  auto it = ranks_.find(lowered(host));
  return it == ranks_.end() ? -1 : it->second;
}

void Election::reconfigure(std::vector<std::string> candidates, ElectionParams p) {
  candidates_ = std::move(candidates);
  params_ = p;
  ranks_.clear();
  for (size_t i = 0; i < candidates_.size(); ++i)
    ranks_.try_emplace(lowered(candidates_[i]), static_cast<int>(i));
  rank_ = rankOf(self_);
  if (rank_ >= 0) self_ = candidates_[static_cast<size_t>(rank_)];
  beatTargets_.clear();
  for (size_t i = 0; fast(rank_) && i < candidates_.size() && fast(static_cast<int>(i)); ++i)
    if (static_cast<int>(i) != rank_) beatTargets_.push_back(candidates_[i]);
}

double Election::beatPeriod() const {
  return std::max(params_.exInterval / kBeatsPerExchange, kMinBeat);
}

Election::Rule Election::ruleFor(const std::string& peer) const {
  if (fast(rank_) && fast(rankOf(peer)))
    return {kSilentBeats * beatPeriod(), kConfirmProbes, params_.probeTimeout};
  return {params_.masterInactivityLimit * params_.exInterval, 1, params_.probeTimeout};
}

const Election::Confirmation& Election::confirmationOf(const std::string& peer) const {
  static const Confirmation kNone;
  auto it = confirmations_.find(peer);
  return it == confirmations_.end() ? kNone : it->second;
}

// Probes are confirming the peer's current silence (not one it broke since).
bool Election::confirming(const Peer& p, const Confirmation& c, const Rule& r) const {
  return c.confirmFor == p.lastHeard + r.silence;
}

void Election::onHeard(const std::string& sender, double now) {
  // Only the candidates' liveness decides (the master, a majority): a master hears every
  // host, and an entry each for the others cost it 8 MB at 100,000 hosts.
  if (rankOf(sender) < 0) return;
  Peer& p = peers_[sender];
  p.lastHeard = std::max(p.lastHeard, now);
}

void Election::onClaim(const std::string& sender, bool claimsMaster, double now) {
  onHeard(sender, now);
  if (auto it = peers_.find(sender); it != peers_.end()) it->second.claims = claimsMaster;
  // A higher candidate claiming (or any claim when we know of no master) takes effect now.
  master_ = computeMaster(now);
}

bool Election::alive(const std::string& peer, double now) const {
  auto it = peers_.find(peer);
  if (it == peers_.end()) return false;
  const Peer& p = it->second;
  const Rule r = ruleFor(peer);
  if (now < p.lastHeard + r.silence) return true;
  // Silent: alive only while the probes sent for this silence may still be answered.
  const Confirmation& c = confirmationOf(peer);
  return confirming(p, c, r) && now < c.confirmStart + r.window;
}

bool Election::hearsMajorityOf(const std::vector<std::string>& voters, double now) const {
  if (rank_ < 0) return false;
  size_t heard = 0;
  for (const auto& v : voters)
    if (strcasecmp(v.c_str(), self_.c_str()) == 0 || alive(v, now)) ++heard;
  return 2 * heard > voters.size();
}

std::string Election::computeMaster(double now) const {
  bool starting = now < startedAt_ + params_.probeTimeout;
  for (const auto& c : candidates_) {
    if (c == self_) {
      if (!starting) return self_;
      continue;
    }
    if (!alive(c, now)) continue;
    if (rank_ >= 0) return c;
    auto it = peers_.find(c);
    if (it->second.claims) return c;
  }
  return "";
}

// A silent peer gets its probes one by one, evenly over the rule's window; a tick that comes
// late sends one probe for all those due.
void Election::probeIfDue(const std::string& peer, const Peer& p, double now, ElectionActions* a) {
  const Rule r = ruleFor(peer);
  const double silentAt = p.lastHeard + r.silence;
  if (now < silentAt) return;
  Confirmation& c = confirmations_[peer];
  if (!confirming(p, c, r)) {
    c.confirmFor = silentAt;
    c.confirmStart = now;
    c.probesSent = 0;
  }
  const double spacing = r.window / r.probes;
  // (The epsilon: a tick at exactly the instant nextDeadline() named counts that probe due.)
  int due = std::min(r.probes, 1 + static_cast<int>((now - c.confirmStart) / spacing + 1e-9));
  if (due <= c.probesSent) return;
  c.probesSent = due;
  a->probe.push_back(peer);
}

ElectionActions Election::tick(double now) {
  ElectionActions a;
  lastTick_ = now;
  if (!bootProbed_) {
    bootProbed_ = true;
    for (const auto& c : candidates_)
      if (c != self_) a.probe.push_back(c);
  }
  for (const auto& c : candidates_) {
    if (c == self_) continue;
    auto it = peers_.find(c);
    if (it != peers_.end()) probeIfDue(c, it->second, now, &a);
  }
  std::string before = master_;
  master_ = computeMaster(now);
  bool becameMaster = isMaster() && before != self_;
  if ((rank_ >= 0 && now >= nextHeartbeat_) || becameMaster) {
    a.heartbeat = true;
    // On the EXINTERVAL grid (util/period_grid.h): at most EXINTERVAL apart, and on instants
    // of the agent's report and the 5 s sample, so an idle lim wakes once for all three.
    nextHeartbeat_ = nextOnGrid(now, params_.exInterval);
  }
  if (fast(rank_) && (now >= nextBeat_ || becameMaster)) {
    a.beatPeers = true;
    nextBeat_ = now + beatPeriod();
  }
  return a;
}

double Election::nextDeadline() const {
  double next = rank_ >= 0 ? nextHeartbeat_ : 1e300;
  // A lone candidate beats nobody: no wake-up for it (an idle one-host lim sleeps).
  if (fast(rank_) && !beatTargets_.empty()) next = std::min(next, nextBeat_);
  if (!bootProbed_) return startedAt_;
  // Only instants after the last tick: passed ones have been acted on.
  auto consider = [&](double t) {
    if (t > lastTick_) next = std::min(next, t);
  };
  consider(startedAt_ + params_.probeTimeout);
  for (const auto& c : candidates_) {
    auto it = peers_.find(c);
    if (c == self_ || it == peers_.end()) continue;
    const Peer& p = it->second;
    const Rule r = ruleFor(c);
    consider(p.lastHeard + r.silence);
    const Confirmation& cf = confirmationOf(c);
    if (!confirming(p, cf, r)) continue;
    consider(cf.confirmStart + r.window);
    if (cf.probesSent < r.probes) consider(cf.confirmStart + cf.probesSent * (r.window / r.probes));
  }
  return next;
}

}  // namespace openlim::master
