#pragma once
// The master's reservation ledger (docs/reservations.md): every active reservation by id,
// what each host holds (slots and amounts, for placement), what each consumer uses per host
// and resource (for quota admission and its report), and the leases in expiry order. Pure:
// `now` (wall-clock seconds) comes in; nothing here reads a clock or touches a file.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "openlim/status.h"
#include "reserve/reservation.h"

namespace openlim::reserve {

// One consumer's use of one resource on one host ("slots" counts slots). Project, pe and
// queue are "" when the reservation gave none.
struct UsageKey {
  std::string user, project, pe, queue, host, resource;
  auto tie() const { return std::tie(user, project, pe, queue, host, resource); }
  bool operator<(const UsageKey& o) const { return tie() < o.tie(); }
  bool operator==(const UsageKey& o) const { return tie() == o.tie(); }
};

// What every reservation together holds on one host.
struct HostTotal {
  int slots = 0;
  std::map<std::string, double> amounts;  // resource -> amount (per-host and shared)
};

// Who asks to release or renew: only the owner, unless privileged (root, a ClusterAdmin).
struct Caller {
  std::string user;
  bool privileged = false;
};

inline constexpr const char* kSlots = "slots";
// Released and expired ids remembered, so a second release says so (and a host that was
// away cannot bring a released reservation back).
inline constexpr size_t kMaxTombstones = 100000;

class Ledger {
 public:
  // kInvalid when the id is taken (or was released: ids are never reused).
  Status add(Reservation r);
  // The reservation, removed. kNotFound "Reservation <id> not found" / "... is already
  // released" / "... has expired"; kDenied when the caller may not.
  Result<Reservation> release(const std::string& id, const Caller& caller);
  // A new lease from `now` (not for a lease that ended), never ending before the one it
  // replaces; the reservation as renewed. Errors as release().
  // `term`: quorum mode's, written on the copy (reserve/terms.h); 0 keeps the copy's.
  Result<Reservation> renew(const std::string& id, double lease, double now, const Caller& caller,
                            uint64_t term = 0);
  // Whether `caller` may release or renew `id` now: the errors of release(), nothing changed.
  Status mayChange(const std::string& id, const Caller& caller) const { return refuse(id, caller); }
  // The ids most recently released (not expired), newest first, at most `max`: what a keeper
  // tells a new master, so a release one keeper missed does not come back.
  std::vector<std::string> recentlyReleased(size_t max) const;
  // `id` was released: remembered as such (a later report of it is refused); when held, it
  // is removed and returned.
  std::optional<Reservation> forgetReleased(const std::string& id);
  // Released or expired here (remembered).
  bool buried(const std::string& id) const { return tombstones_.count(id) != 0; }
  // Released here (remembered): what this keeper's holds report names in `released`.
  bool releasedHere(const std::string& id) const {
    auto t = tombstones_.find(id);
    return t != tombstones_.end() && !t->second;
  }
  // Removes and returns the reservations whose lease ended at or before `now`; with
  // `remember`, their ids are buried (a later copy of one is refused), else a copy renewed
  // elsewhere may join again.
  std::vector<Reservation> expire(double now, bool remember = true);
  // A reservation a host reported (a new master rebuilding, a host back from a restart):
  // added when unknown and neither released nor expired; a known one keeps the later expiry.
  // True when the ledger changed.
  bool merge(const Reservation& r, double now);

  // Every reservation written again at `term` (a quorum-mode rebuild, reserve/terms.h).
  void restamp(uint64_t term);

  const Reservation* find(const std::string& id) const;
  // Every reservation of `user` ("" = everyone's), oldest first (by creation, then id).
  std::vector<const Reservation*> list(const std::string& user) const;
  // What `host` holds in all (null: nothing).
  const HostTotal* heldOn(const std::string& host) const;
  const std::map<UsageKey, double>& usage() const { return usage_; }
  size_t size() const { return byId_.size(); }
  // The earliest lease end; +inf when empty.
  double nextExpiry() const;
  // A fresh id, unique across masters: "<master>:<milliseconds>.<counter>"
  std::string newId(const std::string& master, double now);

 private:
  Status refuse(const std::string& id, const Caller& caller) const;
  void account(const Reservation& r, int sign);
  void bury(const std::string& id, bool expired);

  std::unordered_map<std::string, Reservation> byId_;
  std::set<std::pair<double, std::string>> byExpiry_;
  std::unordered_map<std::string, HostTotal> hosts_;
  std::map<UsageKey, double> usage_;
  std::unordered_map<std::string, bool> tombstones_;  // id -> expired (else released)
  std::deque<std::string> tombstoneOrder_;
  uint64_t counter_ = 0;
};

}  // namespace openlim::reserve
