#include "master/election.h"

#include <strings.h>

#include <algorithm>

namespace openlim::master {

Election::Election(std::string self, std::vector<std::string> candidates, ElectionParams p,
                   double now)
    : self_(std::move(self)), startedAt_(now), nextHeartbeat_(now) {
  reconfigure(std::move(candidates), p);
}

int Election::rankOf(const std::string& host) const {
  for (size_t i = 0; i < candidates_.size(); ++i)
    if (strcasecmp(candidates_[i].c_str(), host.c_str()) == 0) return static_cast<int>(i);
  return -1;
}

void Election::reconfigure(std::vector<std::string> candidates, ElectionParams p) {
  candidates_ = std::move(candidates);
  params_ = p;
  rank_ = rankOf(self_);
  if (rank_ >= 0) self_ = candidates_[static_cast<size_t>(rank_)];
}

double Election::silenceLimit() const {
  return params_.masterInactivityLimit * params_.exInterval;
}

void Election::onHeard(const std::string& sender, double now) {
  Peer& p = peers_[sender];
  p.lastHeard = std::max(p.lastHeard, now);
}

void Election::onClaim(const std::string& sender, bool claimsMaster, double now) {
  onHeard(sender, now);
  peers_[sender].claims = claimsMaster;
  // A higher candidate claiming (or any claim when we know of no master) takes effect now.
  master_ = computeMaster(now);
}

bool Election::alive(const std::string& peer, double now) const {
  auto it = peers_.find(peer);
  if (it == peers_.end()) return false;
  const Peer& p = it->second;
  double silentAt = p.lastHeard + silenceLimit();
  if (now < silentAt) return true;
  // Silent: alive only while the probe sent for this silence may still be answered.
  return p.probedAt >= silentAt && now < p.probedAt + params_.probeTimeout;
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
    if (it == peers_.end()) continue;
    Peer& p = it->second;
    double silentAt = p.lastHeard + silenceLimit();
    if (now >= silentAt && p.probedAt < silentAt) {
      p.probedAt = now;
      a.probe.push_back(c);
    }
  }
  std::string before = master_;
  master_ = computeMaster(now);
  bool becameMaster = isMaster() && before != self_;
  if ((rank_ >= 0 && now >= nextHeartbeat_) || becameMaster) {
    a.heartbeat = true;
    nextHeartbeat_ = now + params_.exInterval;
  }
  return a;
}

double Election::nextDeadline() const {
  double next = rank_ >= 0 ? nextHeartbeat_ : 1e300;
  if (!bootProbed_) return startedAt_;
  // Only instants after the last tick: passed ones have been acted on.
  auto consider = [&](double t) {
    if (t > lastTick_) next = std::min(next, t);
  };
  consider(startedAt_ + params_.probeTimeout);
  for (const auto& c : candidates_) {
    auto it = peers_.find(c);
    if (c == self_ || it == peers_.end()) continue;
    double silentAt = it->second.lastHeard + silenceLimit();
    consider(silentAt);
    consider(it->second.probedAt + params_.probeTimeout);
  }
  return next;
}

}  // namespace openlim::master
