#pragma once
// What a lim shows on its metrics endpoint, written in Prometheus's text format (version
// 0.0.4; docs/metrics.md lists every metric). The input is an immutable copy the loop takes
// when a scrape waits: the published host table (master only), counters copied, and melim's
// status line; the writer (in slices: master/metrics_cursor.h) never touches the loop's state.
// Pure: no clock (the loop's last turn comes in as an age), no I/O.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "master/request_stats.h"
#include "openlim/host_table.h"
#include "policy/calendar.h"

namespace openlim::quota {
class QuotaState;  // quota/quota_state.h
}

namespace openlim::master {

// The lim's own counters (the `status` op shows the same numbers).
struct LimMetricCounters {
  uint64_t reportsReceived = 0;  // load reports taken into the master's table
  uint64_t reportsSent = 0;      // load reports this lim sent to the master
  uint64_t unknownSender = 0;    // reports from hosts not in the cluster file
  uint64_t authBadMac = 0, authUnsigned = 0, replays = 0;
  uint64_t malformed = 0, oversized = 0;
  uint64_t adminDenied = 0, reconfigs = 0, reconfigsRefused = 0;
  uint64_t connsEvicted = 0, repliesBusy = 0, repliesStalled = 0, sendErrors = 0;
};

// This lim's melim (the link's view of it).
struct MelimMetrics {
  bool wanted = false;  // an external resource is expected here (melim should run)
  bool running = false;
  std::string state;  // idle running backoff gave_up
  uint64_t starts = 0, deaths = 0, restarts = 0, gaveUp = 0;
  uint64_t lines = 0, badLines = 0, staleValues = 0;
  std::string statusJson;  // melim's latest fd-3 status line ("" = none yet)
};

// One quota row as `lsquota -u all` shows it: one resource of one rule for one bucket (one
// member of each braced filter). Values in base units (memory resources in bytes).
struct QuotaSeries {
  std::string set, rule, resource;
  // The filter's consumers by kind: a braced filter's member, another filter as written
  // ("!x" for an exclusion); "" when the rule has no such filter.
  std::string users, projects, pes, queues, hosts;
  double used = 0;
  std::optional<double> limit;  // nullopt: a dynamic limit the host does not let evaluate
};

// At most this many quota rows in a scrape (each gives a used and a limit series): a site
// with `users {*}` rules and 10,000 users would otherwise get tens of thousands of series.
// Beyond it the rows using the most of their limits stay; the rest are counted.
inline constexpr size_t kMaxQuotaSeries = 1000;

// The master's reservations and quota usage, taken with the input (the master only). The
// counters are copied; the quota usage is shared, as the host table is: the service copies
// it before changing it while a scrape holds it, so the rows are worked out while the body
// is written, not when the input is taken.
struct ReservationMetrics {
  uint64_t active = 0;  // reservations in the ledger
  uint64_t created = 0, released = 0, renewed = 0, expired = 0, merged = 0;
  // Reserve requests refused, by reason.
  uint64_t deniedUnsigned = 0, deniedUser = 0, refusedRebuilding = 0;
  uint64_t refusedQuota = 0, refusedNoHosts = 0;
  std::shared_ptr<const quota::QuotaState> quotas;  // null: no lsf.quotas in force
  policy::Period period = policy::Period::kPrime;   // the calendar's at hand-over
  uint64_t overCommitted = 0;  // reservations over a limit since a partition healed
  // The quota rows of `lsquota -u all` from `quotas` (at most kMaxQuotaSeries, the fullest;
  // `omitted` counts the rest), worked out by the reservation module when the scrape writes
  // them; null: none. (A function, so the writer here needs nothing of that module.)
  std::function<std::vector<QuotaSeries>(const HostTable& table, uint64_t* omitted)> quotaRows;
};

struct MetricsInput {
  std::string cluster, host, master, version;
  bool isMaster = false;
  HostTablePtr table;  // the cluster's hosts (null: not the master, or no snapshot yet)
  LimMetricCounters counters;
  MelimMetrics melim;
  RequestStats requests;
  // The master's reservations (null: not the master).
  std::shared_ptr<const ReservationMetrics> reservations;
  double startedAgo = 0;  // seconds since this lim started
};

// The whole scrape body in one go (a MetricsCursor with no budget). `loopAge`: the length of
// the loop's turn before the one that took the input.
std::string writeMetrics(const MetricsInput& in, double loopAge);

using MetricsInputPtr = std::shared_ptr<const MetricsInput>;

}  // namespace openlim::master
