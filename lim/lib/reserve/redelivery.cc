#include "reserve/redelivery.h"

#include <algorithm>
#include <limits>

namespace openlim::reserve {

void Redelivery::schedule(const Key* key, Entry& e, double at) {
  byTime_.erase({e.at, e.seq, key});
  e.at = at;
  byTime_.insert({e.at, e.seq, key});
}

void Redelivery::erase(std::map<Key, Entry>::iterator it) {
  byTime_.erase({it->second.at, it->second.seq, &it->first});
  pending_.erase(it);
}

void Redelivery::sent(const std::string& keeper, const std::string& id, uint64_t version, bool drop,
                      double expires, double now) {
  track(keeper, id, version, drop, expires, now + timing_.first);
}

void Redelivery::sendSoon(const std::string& keeper, const std::string& id, uint64_t version,
                          bool drop, double expires, double now) {
  track(keeper, id, version, drop, expires, now);
}

void Redelivery::track(const std::string& keeper, const std::string& id, uint64_t version,
                       bool drop, double expires, double at) {
  auto it = pending_.find({keeper, id});
  if (it == pending_.end()) {
    if (pending_.size() >= kMaxPending) {
      ++counters_.untracked;
      return;
    }
    it = pending_.emplace(Key{keeper, id}, Entry{}).first;
    it->second.at = -1;  // not in byTime_ yet
    it->second.seq = ++seq_;
  } else if (version <= it->second.version) {
    return;  // the same change again (its schedule stands), or an earlier one
  }
  Entry& e = it->second;
  e.version = version;
  e.drop = drop;
  e.expires = expires;
  e.gap = timing_.first;
  schedule(&it->first, e, at);
}

void Redelivery::acked(const std::string& keeper, const std::string& id, uint64_t version) {
  auto it = pending_.find({keeper, id});
  if (it == pending_.end() || version < it->second.version) return;
  ++counters_.acked;
  erase(it);
}

std::vector<Redelivery::Due> Redelivery::due(double now, double wall, size_t max) {
  std::vector<Due> out;
  while (!byTime_.empty() && std::get<0>(*byTime_.begin()) <= now && out.size() < max) {
    auto it = pending_.find(*std::get<2>(*byTime_.begin()));
    Entry& e = it->second;
    if (e.expires <= wall) {
      erase(it);
      continue;
    }
    out.push_back({it->first.first, it->first.second, e.version, e.drop});
    ++counters_.resent;
    e.gap = std::min(2 * e.gap, std::max(timing_.most, timing_.first));
    schedule(&it->first, e, now + e.gap);
  }
  return out;
}

double Redelivery::nextDeadline() const {
  return byTime_.empty() ? std::numeric_limits<double>::infinity() : std::get<0>(*byTime_.begin());
}

void Redelivery::clear() {
  byTime_.clear();
  pending_.clear();
}

}  // namespace openlim::reserve
