#include "reserve/journal_quorum.h"

#include <strings.h>

#include <limits>
#include <tuple>

namespace openlim::reserve {

JournalQuorum::JournalQuorum(std::vector<std::string> candidates) {
  setCandidates(std::move(candidates));
}

void JournalQuorum::setCandidates(std::vector<std::string> candidates) {
  candidates_ = std::move(candidates);
  for (auto& [id, versions] : byId_)
    for (auto& [version, w] : versions) recount(w);
}

// Host names compare without case, as the election's do; the listed spelling is kept.
const std::string* JournalQuorum::candidate(const std::string& host) const {
  for (const auto& c : candidates_)
    if (strcasecmp(c.c_str(), host.c_str()) == 0) return &c;
  return nullptr;
}

// Drops acks of hosts no longer listed; a change complete before stays complete (its
// majority journalled it, whatever the list says now).
void JournalQuorum::recount(Wait& w) {
  for (auto it = w.acked.begin(); it != w.acked.end();)
    it = candidate(*it) ? std::next(it) : w.acked.erase(it);
  w.complete = w.complete || majority(w.acked.size());
}

void JournalQuorum::await(const std::string& id, uint64_t version, double deadline) {
  auto [it, inserted] = byId_[id].try_emplace(version);
  if (!inserted) return;
  it->second.deadline = deadline;
  byDeadline_.emplace(deadline, id, version);
}

bool JournalQuorum::ack(const std::string& host, const std::string& id, uint64_t version) {
  const std::string* who = candidate(host);
  auto found = byId_.find(id);
  if (!who || found == byId_.end()) return false;
  bool counted = false;
  // Every awaited version up to `version`: the record of `version` holds what they said.
  for (auto it = found->second.begin(); it != found->second.end() && it->first <= version; ++it) {
    Wait& w = it->second;
    if (!w.acked.insert(*who).second) continue;
    counted = true;
    w.complete = w.complete || majority(w.acked.size());
  }
  return counted;
}

bool JournalQuorum::complete(const std::string& id, uint64_t version) const {
  auto found = byId_.find(id);
  if (found == byId_.end()) return false;
  auto it = found->second.find(version);
  return it != found->second.end() && it->second.complete;
}

std::vector<Change> JournalQuorum::takeComplete() {
  return take(true, std::numeric_limits<double>::infinity());
}

std::vector<Change> JournalQuorum::expired(double now) {
  return take(false, now);
}

// The waits that are complete (complete = true) or past `now` and not complete, removed.
std::vector<Change> JournalQuorum::take(bool complete, double now) {
  std::vector<Change> out;
  for (auto it = byDeadline_.begin(); it != byDeadline_.end();) {
    const auto& [deadline, id, version] = *it;
    if (!complete && deadline > now) break;  // ordered by deadline: none later is due
    auto versions = byId_.find(id);
    if (versions->second.at(version).complete != complete) {
      ++it;
      continue;
    }
    out.push_back({id, version});
    versions->second.erase(version);
    if (versions->second.empty()) byId_.erase(versions);
    it = byDeadline_.erase(it);
  }
  return out;
}

double JournalQuorum::nextDeadline() const {
  return byDeadline_.empty() ? std::numeric_limits<double>::infinity()
                             : std::get<0>(*byDeadline_.begin());
}

}  // namespace openlim::reserve
