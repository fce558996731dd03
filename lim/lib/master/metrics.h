#pragma once
// What a lim shows on its metrics endpoint, written in Prometheus's text format (version
// 0.0.4; docs/metrics.md lists every metric). The input is an immutable copy the loop hands
// over: the published host table (master only), counters copied at hand-over, and melim's
// status line; the writer runs on the metrics thread and never touches the loop's state.
// Pure: no clock (the loop's last turn comes in as an age), no I/O.

#include <cstdint>
#include <memory>
#include <string>

#include "master/request_stats.h"
#include "openlim/host_table.h"

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

struct MetricsInput {
  std::string cluster, host, master, version;
  bool isMaster = false;
  HostTablePtr table;  // the cluster's hosts (null: not the master, or no snapshot yet)
  LimMetricCounters counters;
  MelimMetrics melim;
  RequestStats requests;
  double startedAgo = 0;  // seconds since this lim started
};

// The whole scrape body. `loopAge`: seconds since the lim's loop last turned, read by the
// metrics thread at scrape time (a wedged loop shows here even when the rest is old).
std::string writeMetrics(const MetricsInput& in, double loopAge);

using MetricsInputPtr = std::shared_ptr<const MetricsInput>;

}  // namespace openlim::master
