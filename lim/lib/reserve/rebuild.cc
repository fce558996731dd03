#include "reserve/rebuild.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace openlim::reserve {

void RebuildWindow::begin(double now, RebuildTiming t, ConfigPtr config,
                          std::optional<RebuildQuorum> quorum) {
  end();
  started_ = true;
  start_ = now;
  timing_ = t;
  quorum_ = std::move(quorum);
  config_ = std::move(config);
  hosts_.assign(config_ ? config_->hosts.size() : 0, Host{});
  findCandidates();
  ++counters_.windows;
}

void RebuildWindow::end() {
  started_ = false;
  closed_ = false;
  missingTaken_ = false;
  quorum_.reset();
  candidates_.clear();
  config_.reset();
  hosts_ = {};  // given back, not kept for the next window
  parts_ = {};
  askQueue_ = {};
  pending_ = 0;
}

std::optional<RebuildWindow::HostIndex> RebuildWindow::indexOf(const std::string& host) const {
  const HostConfig* h = config_ ? config_->findHost(host) : nullptr;
  if (!h) return std::nullopt;
  return static_cast<HostIndex>(h - config_->hosts.data());
}

void RebuildWindow::findCandidates() {
  candidates_.clear();
  if (!quorum_) return;
  for (const auto& c : quorum_->candidates) candidates_.push_back(indexOf(c));
}

// Each host's state moves to its index in the new configuration; the asks and partial
// reports of a host that left it are dropped, and it no longer counts as pending.
void RebuildWindow::reconfigure(ConfigPtr config) {
  if (!started_) return;
  ConfigPtr old = std::exchange(config_, std::move(config));
  std::vector<std::optional<HostIndex>> moved(hosts_.size());
  std::vector<Host> hosts(config_ ? config_->hosts.size() : 0);
  for (size_t i = 0; i < hosts_.size(); ++i) {
    if (!hosts_[i].tracked) continue;
    moved[i] = indexOf(old->hosts[i].name);
    if (moved[i])
      hosts[*moved[i]] = hosts_[i];
    else if (!hosts_[i].whole)
      --pending_;
  }
  hosts_ = std::move(hosts);
  std::unordered_map<HostIndex, Parts> parts;
  for (auto& [i, p] : parts_)
    if (moved[i]) parts.emplace(*moved[i], std::move(p));
  parts_ = std::move(parts);
  decltype(askQueue_) queue;
  for (; !askQueue_.empty(); askQueue_.pop())
    if (const auto [due, i] = askQueue_.top(); moved[i]) queue.emplace(due, *moved[i]);
  askQueue_ = std::move(queue);
  findCandidates();
}

bool RebuildWindow::openByHosts(double now) const {
  return now < start_ + timing_.settle || (pending_ > 0 && now < start_ + timing_.limit);
}

bool RebuildWindow::open(double now) const {
  if (!started_ || closed_) return false;
  return openByHosts(now) || awaitingMajority();
}

bool RebuildWindow::awaitingMajority() const {
  if (!started_ || closed_ || !quorum_) return false;
  size_t whole = 0;
  for (size_t k = 0; k < candidates_.size(); ++k) {
    const std::optional<HostIndex>& i = candidates_[k];
    if (quorum_->candidates[k] == quorum_->self || (i && hosts_[*i].whole)) ++whole;
  }
  return 2 * whole <= quorum_->candidates.size();
}

// Counts the window's close once, the first time an event finds it closed.
void RebuildWindow::advance(double now) {
  if (!started_ || closed_ || open(now)) return;
  closed_ = true;
  if (pending_ == 0)
    ++counters_.complete;
  else
    ++counters_.incomplete;
  askQueue_ = {};
}

RebuildWindow::Host& RebuildWindow::track(HostIndex i, double now) {
  Host& h = hosts_[i];
  if (!h.tracked) {
    h.tracked = 1;
    ++pending_;
    queueAsk(now + timing_.askEvery, i);
  }
  return h;
}

void RebuildWindow::queueAsk(double due, HostIndex i) {
  askQueue_.emplace(due, i);
}

void RebuildWindow::restarted(const std::string& host, double now) {
  advance(now);
  if (!started_) return;
  const auto i = indexOf(host);
  if (!i) return;
  Host& h = hosts_[*i];
  if (!h.tracked) {
    track(*i, now);
    return;
  }
  if (!h.whole) return;  // still awaited, and asked
  h.whole = 0;
  h.asks = 0;
  ++pending_;
  parts_.erase(*i);
  queueAsk(now + timing_.askEvery, *i);
}

void RebuildWindow::heard(const std::string& host, double now) {
  advance(now);
  if (!started_) return;
  if (auto i = indexOf(host))
    track(*i, now);  // after the close too: a host first heard then is asked
}

// Part `part` of a report of `parts` for host `i`: whether the report is whole now.
bool RebuildWindow::addPart(HostIndex i, size_t part, size_t parts) {
  if (parts == 1) {
    parts_.erase(i);
    return true;
  }
  Parts& p = parts_[i];
  if (p.parts != parts) {  // the first part, or the host sent a report of another size
    p.parts = parts;
    p.got = 0;
    p.seen.assign(parts, false);
  }
  if (p.seen[part]) return false;
  p.seen[part] = true;
  if (++p.got < parts) return false;
  parts_.erase(i);
  return true;
}

void RebuildWindow::reported(const std::string& host, size_t part, size_t parts, double now) {
  advance(now);
  if (!started_) return;
  if (parts == 0 || parts > kMaxParts || part >= parts) {
    ++counters_.badParts;
    return;
  }
  auto i = indexOf(host);
  if (!i) return;
  Host& h = track(*i, now);
  if (h.whole || !addPart(*i, part, parts)) return;
  h.whole = 1;
  --pending_;
}

std::vector<std::string> RebuildWindow::toAsk(double now, size_t max) {
  advance(now);
  std::vector<std::string> out;
  if (!started_) return out;
  while (!askQueue_.empty() && out.size() < max && askQueue_.top().first <= now) {
    const HostIndex i = askQueue_.top().second;
    askQueue_.pop();
    Host& h = hosts_[i];
    if (h.whole || h.asks >= kMaxAsks) continue;
    ++h.asks;
    ++counters_.asks;
    if (h.asks < kMaxAsks) queueAsk(now + timing_.askEvery * (1 << h.asks), i);
    out.push_back(config_->hosts[i].name);
  }
  return out;
}

std::vector<std::string> RebuildWindow::takeMissing(double now, size_t max, size_t* missing) {
  advance(now);
  std::vector<std::string> out;
  *missing = 0;
  if (!closed_ || missingTaken_) return out;
  missingTaken_ = true;
  *missing = pending_;
  for (size_t i = 0; i < hosts_.size() && out.size() < max; ++i)
    if (hosts_[i].tracked && !hosts_[i].whole) out.push_back(config_->hosts[i].name);
  std::sort(out.begin(), out.end());
  return out;
}

double RebuildWindow::nextDeadline() const {
  constexpr double kNever = std::numeric_limits<double>::infinity();
  if (!started_) return kNever;
  if (closed_) return askQueue_.empty() ? kNever : askQueue_.top().first;
  double next = start_ + (pending_ == 0 ? timing_.settle : timing_.limit);
  // Waiting for a majority: only a report can close the window, whatever the time.
  if (awaitingMajority()) next = kNever;
  if (!askQueue_.empty()) next = std::min(next, askQueue_.top().first);
  return next;
}

}  // namespace openlim::reserve
