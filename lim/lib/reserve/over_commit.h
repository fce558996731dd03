#pragma once
// Over-commit after a partition heals (RESERVATION_CONSISTENCY = available, docs/
// reservations.md "Partitions"): each side of a split admitted on its own, the merged ledger
// keeps every reservation, and this says which hosts' slots and which quota limits are now
// exceeded, and by which reservations. Pure: the ledger, the hosts' slot counts and the
// quota configuration in; a list out, for lsquota, `lsreserve -l`, a metric and a log line.
//
// Who is "involved": the reservations are replayed oldest first (by creation time, then
// id), each checked as admission would check it against the ones before it, and those a
// limit would have refused are the ones over it. So the same ledger always names the same
// reservations, the earliest promises stay within the limits, and what to release to fall
// back under a limit is exactly the list. Every reservation is counted whatever its verdict:
// it holds its slots either way.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "policy/calendar.h"
#include "quota/quota_state.h"
#include "reserve/ledger.h"

namespace openlim::reserve {

// A host's slot count (its ncpus); nullopt when unknown: its slots are not checked.
using HostSlots = std::function<std::optional<int>(const std::string& host)>;

struct OverCommit {
  std::string host;  // the host whose slots or whose quota limit is exceeded
  // "slots" for the host's own slots, else the quota limit as "<set>/<rule>".
  std::string limit;
  int64_t used = 0;     // the most counted against it, every reservation included
  int64_t allowed = 0;  // what the host or the limit allows
  // How the first refusal reads (a quota Verdict's message, or "slots 5/4 on host hostA").
  std::string text;
  std::vector<std::string> reservations;  // over the limit, oldest first
};

struct OverCommitInput {
  const Ledger* ledger = nullptr;
  HostSlots slots;                                    // null: no host's slots checked
  quota::QuotaConfigPtr quotas;                       // null: no quota checked
  policy::Period period = policy::Period::kNonPrime;  // which quota sets are in force
  quota::HostValues values;                           // for dynamic limits (may be null)
  quota::HostText text;                               // for string limits (may be null)
};

// Every over-committed host slot count and counted quota limit, ordered by host then limit.
// String and boolean limits (a host's value, not a count) and dynamic limits on a value the
// host does not report are not over-commits and are left out.
std::vector<OverCommit> findOverCommits(const OverCommitInput& in);

}  // namespace openlim::reserve
