#include "reserve/ledger.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace openlim::reserve {

bool Reservation::holdsHost(const std::string& host) const {
  for (const auto& h : hosts)
    if (h.host == host) return true;
  return false;
}

Status Ledger::add(Reservation r) {
  if (r.id.empty()) return Status(Code::kInvalid, "a reservation needs an id");
  if (byId_.count(r.id) || tombstones_.count(r.id))
    return Status(Code::kInvalid, "Reservation " + r.id + " exists already");
  account(r, +1);
  byExpiry_.emplace(r.expires, r.id);
  std::string id = r.id;
  byId_.emplace(std::move(id), std::move(r));
  return Status::ok();
}

Status Ledger::refuse(const std::string& id, const Caller& caller) const {
  auto it = byId_.find(id);
  if (it == byId_.end()) {
    auto t = tombstones_.find(id);
    if (t == tombstones_.end()) return Status(Code::kNotFound, "Reservation " + id + " not found");
    return Status(Code::kNotFound,
                  "Reservation " + id + (t->second ? " has expired" : " is already released"));
  }
  if (!caller.privileged && it->second.labels.user != caller.user)
    return Status(Code::kDenied, "Reservation " + id + " belongs to user " +
                                     it->second.labels.user + ", not to " + caller.user);
  return Status::ok();
}

Result<Reservation> Ledger::release(const std::string& id, const Caller& caller) {
  if (Status st = refuse(id, caller); !st) return st;
  auto it = byId_.find(id);
  Reservation r = std::move(it->second);
  byId_.erase(it);
  byExpiry_.erase({r.expires, r.id});
  account(r, -1);
  bury(r.id, false);
  return r;
}

std::vector<std::string> Ledger::recentlyReleased(size_t max) const {
  std::vector<std::string> out;
  for (auto it = tombstoneOrder_.rbegin(); it != tombstoneOrder_.rend() && out.size() < max; ++it)
    if (auto t = tombstones_.find(*it); t != tombstones_.end() && !t->second) out.push_back(*it);
  return out;
}

std::optional<Reservation> Ledger::forgetReleased(const std::string& id) {
  if (!byId_.count(id)) {
    bury(id, false);
    return std::nullopt;
  }
  auto r = release(id, {"", true});
  return r ? std::optional<Reservation>(std::move(*r)) : std::nullopt;
}

Result<Reservation> Ledger::renew(const std::string& id, double lease, double now,
                                  const Caller& caller, uint64_t term) {
  if (Status st = refuse(id, caller); !st) return st;
  Reservation& r = byId_.at(id);
  // A lease that ended is not renewed, swept or not yet (found by the simulator, seed 280).
  if (r.expires <= now) return Status(Code::kNotFound, "Reservation " + id + " has expired");
  // Never shorter than it was: a keeper that missed this renew keeps the lease before it,
  // and a copy outliving the latest one would come back once the latest ended (found by the
  // simulator, seed 226 with --quorum). Ending a reservation early is a release.
  byExpiry_.erase({r.expires, r.id});
  r.expires = std::max(r.expires, now + lease);
  ++r.version;
  if (term > 0) r.term = term;
  byExpiry_.emplace(r.expires, r.id);
  return r;
}

std::vector<Reservation> Ledger::expire(double now, bool remember) {
  std::vector<Reservation> out;
  while (!byExpiry_.empty() && byExpiry_.begin()->first <= now) {
    std::string id = byExpiry_.begin()->second;
    byExpiry_.erase(byExpiry_.begin());
    auto it = byId_.find(id);
    account(it->second, -1);
    out.push_back(std::move(it->second));
    byId_.erase(it);
    if (remember) bury(id, true);
  }
  return out;
}

bool Ledger::merge(const Reservation& r, double now) {
  if (r.expires <= now || tombstones_.count(r.id)) return false;
  auto it = byId_.find(r.id);
  if (it == byId_.end()) return add(r).isOk();
  Reservation& kept = it->second;
  // The later copy wins: a later lease, or a later version (a renew to a shorter lease); the
  // same one restamped at a later term (reserve/terms.h) takes that term.
  if (r.version <= kept.version && r.expires <= kept.expires) {
    if (r.version != kept.version || r.expires != kept.expires || r.term <= kept.term) return false;
    kept.term = r.term;
    return true;
  }
  kept.term = std::max(kept.term, r.term);
  if (r.version > kept.version) {
    byExpiry_.erase({kept.expires, r.id});
    kept.expires = r.expires;
    byExpiry_.emplace(kept.expires, r.id);
    kept.version = r.version;
  } else if (r.expires > kept.expires) {
    byExpiry_.erase({kept.expires, r.id});
    kept.expires = r.expires;
    byExpiry_.emplace(kept.expires, r.id);
  }
  return true;
}

void Ledger::restamp(uint64_t term) {
  for (auto& [id, r] : byId_) r.term = term;
}

const Reservation* Ledger::find(const std::string& id) const {
  auto it = byId_.find(id);
  return it == byId_.end() ? nullptr : &it->second;
}

std::vector<const Reservation*> Ledger::list(const std::string& user) const {
  std::vector<const Reservation*> out;
  for (const auto& [id, r] : byId_)
    if (user.empty() || r.labels.user == user) out.push_back(&r);
  std::sort(out.begin(), out.end(), [](const Reservation* a, const Reservation* b) {
    return a->created != b->created ? a->created < b->created : a->id < b->id;
  });
  return out;
}

const HostTotal* Ledger::heldOn(const std::string& host) const {
  auto it = hosts_.find(host);
  return it == hosts_.end() ? nullptr : &it->second;
}

double Ledger::nextExpiry() const {
  return byExpiry_.empty() ? std::numeric_limits<double>::infinity() : byExpiry_.begin()->first;
}

std::string Ledger::newId(const std::string& master, double now) {
  char stamp[32];
  std::snprintf(stamp, sizeof stamp, "%.0f", std::floor(now * 1000));
  for (;;) {
    std::string id = master + ":" + stamp + "." + std::to_string(++counter_);
    if (!byId_.count(id) && !tombstones_.count(id)) return id;
  }
}

// Adds (sign +1) or removes (-1) a reservation's holds from the per-host totals and the
// usage; entries that reach zero are dropped so the maps hold only what is in use.
void Ledger::account(const Reservation& r, int sign) {
  auto addUsage = [&](const std::string& host, const std::string& res, double amount) {
    UsageKey k{r.labels.user, r.labels.project, r.labels.pe, r.labels.queue, host, res};
    double& v = usage_[k];
    v += sign * amount;
    if (std::fabs(v) < 1e-9) usage_.erase(k);
  };
  for (const HostHold& h : r.hosts) {
    HostTotal& t = hosts_[h.host];
    t.slots += sign * h.slots;
    addUsage(h.host, kSlots, h.slots);
    for (const Amount& a : h.amounts) {
      double& v = t.amounts[a.resource];
      v += sign * a.amount;
      if (std::fabs(v) < 1e-9) t.amounts.erase(a.resource);
      addUsage(h.host, a.resource, a.amount);
    }
    if (t.slots == 0 && t.amounts.empty()) hosts_.erase(h.host);
  }
}

void Ledger::bury(const std::string& id, bool expired) {
  if (tombstones_.emplace(id, expired).second) tombstoneOrder_.push_back(id);
  while (tombstoneOrder_.size() > kMaxTombstones) {
    tombstones_.erase(tombstoneOrder_.front());
    tombstoneOrder_.pop_front();
  }
}

}  // namespace openlim::reserve
