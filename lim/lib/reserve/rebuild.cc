#include "reserve/rebuild.h"

#include <algorithm>
#include <limits>

namespace openlim::reserve {

void RebuildWindow::begin(double now, RebuildTiming t, std::optional<RebuildQuorum> quorum) {
  end();
  started_ = true;
  start_ = now;
  timing_ = t;
  quorum_ = std::move(quorum);
  ++counters_.windows;
}

void RebuildWindow::end() {
  started_ = false;
  closed_ = false;
  missingTaken_ = false;
  quorum_.reset();
  hosts_.clear();
  askQueue_.clear();
  pending_ = 0;
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
  for (const auto& c : quorum_->candidates) {
    auto it = hosts_.find(c);
    if (c == quorum_->self || (it != hosts_.end() && it->second.whole)) ++whole;
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
  askQueue_.clear();
}

RebuildWindow::Host& RebuildWindow::track(const std::string& host, double now) {
  auto [it, inserted] = hosts_.try_emplace(host);
  if (inserted) {
    ++pending_;
    askQueue_.emplace_back(now + timing_.askEvery, host);
  }
  return it->second;
}

void RebuildWindow::heard(const std::string& host, double now) {
  advance(now);
  if (!started_) return;
  track(host, now);  // after the close too: a host first heard then is asked
}

void RebuildWindow::reported(const std::string& host, size_t part, size_t parts, double now) {
  advance(now);
  if (!started_) return;
  if (parts == 0 || parts > kMaxParts || part >= parts) {
    ++counters_.badParts;
    return;
  }
  Host& h = track(host, now);
  if (h.whole) return;
  if (h.parts != parts) {  // the first part, or the host sent a report of another size
    h.parts = parts;
    h.got = 0;
    h.seen.assign(parts, false);
  }
  if (h.seen[part]) return;
  h.seen[part] = true;
  if (++h.got < parts) return;
  h.whole = true;
  h.seen = {};
  --pending_;
}

std::vector<std::string> RebuildWindow::toAsk(double now, size_t max) {
  advance(now);
  std::vector<std::string> out;
  if (!started_) return out;
  while (!askQueue_.empty() && out.size() < max && askQueue_.front().first <= now) {
    std::string host = std::move(askQueue_.front().second);
    askQueue_.pop_front();
    Host& h = hosts_[host];
    if (h.whole || h.asks >= kMaxAsks) continue;
    ++h.asks;
    ++counters_.asks;
    if (h.asks < kMaxAsks) askQueue_.emplace_back(now + timing_.askEvery, host);
    out.push_back(std::move(host));
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
  for (const auto& [name, h] : hosts_)
    if (!h.whole && out.size() < max) out.push_back(name);
  std::sort(out.begin(), out.end());
  return out;
}

double RebuildWindow::nextDeadline() const {
  constexpr double kNever = std::numeric_limits<double>::infinity();
  if (!started_) return kNever;
  if (closed_) return askQueue_.empty() ? kNever : askQueue_.front().first;
  double next = start_ + (pending_ == 0 ? timing_.settle : timing_.limit);
  // Waiting for a majority: only a report can close the window, whatever the time.
  if (awaitingMajority()) next = kNever;
  if (!askQueue_.empty()) next = std::min(next, askQueue_.front().first);
  return next;
}

}  // namespace openlim::reserve
