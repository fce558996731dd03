#pragma once
// The agent role every lim plays (LSF's LIM behaviour "Exchange", "Host status", "Shared
// resources"): when to send the load report, the lock lsadmin limlock set, and which
// resource set this host's melim runs. Pure: events and `now` in, actions out; the daemon
// builds and sends the report and starts melim.
//
// Report timing: one report at every multiple of EXINTERVAL on the monotonic clock (so at most
// EXINTERVAL after the last, on an instant of the 5 s sample: util/period_grid.h); at once when the
// master changes or this host takes or loses the role (a new master starts with an empty table),
// when the lock changes and after a reconfig; at most a second after the last report when a
// built-in moved past its significant step (agent/significant_change.h) or melim delivered new
// values.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "agent/melim_plan.h"
#include "load/load_sampler.h"
#include "protocol/messages.h"

namespace openlim::agent {

struct AgentSettings {
  std::string host;                           // the name this lim plays
  double exInterval = 15;                     // EXINTERVAL, seconds
  std::vector<std::string> perHostResources;  // external resources of this host's own
  double melimSettle = 5;  // seconds a shrunk melim set waits before a restart (MelimPlan)
};

// What melim runs with: LSF_RESOURCES (sorted, unique) and LSF_MASTER.
struct MelimSet {
  std::vector<std::string> resources;
  bool master = false;
  bool operator==(const MelimSet&) const = default;
};

struct AgentActions {
  // Build the load report and send it to this host (the master: ingest it locally when it
  // is this host), then call onReportSent. Unset when no report is due or no master known.
  std::optional<std::string> reportTo;
  std::optional<MelimSet> restartMelim;  // (re)start melim with this set
};

class AgentRole {
 public:
  AgentRole(AgentSettings settings, double now);
  // A new config: the resource set may change; a report goes out at once.
  void reconfigure(AgentSettings settings, double now);

  // --- events ---
  // The election's answer after its tick (or a claim): the master ("" = unknown), and
  // whether this host is it.
  void onRole(const std::string& master, bool isMaster, double now);
  // A heartbeat from `sender`; `master` is the election's master once it is counted. The
  // master's announce names the shared resources this host serves.
  void onAnnounce(const protocol::Announce& a, const std::string& master);
  // This host, as master, computed what it serves itself.
  void onServesSelf(std::vector<std::string> resources);
  // A fresh sample of the built-ins.
  void onSample(const BuiltinVector& builtins);
  // melim delivered new external values.
  void onExternalValues(double now);
  // lsadmin limlock (seconds > 0: for that long; else until unlocked) / limunlock.
  void setLock(bool locked, double seconds, double now);

  // --- time ---
  // Lock expiry, the melim set and the report, in that order.
  AgentActions onTick(double now);
  double nextDeadline() const;
  // The report that went out (its numbers are what the next significant change compares to).
  void onReportSent(const protocol::LoadReport& r);
  // The melim set to start when it differs from the one asked for last (a restart with the
  // same resources is needed only when the LSF_MASTER it ran with changed); records it.
  std::optional<MelimSet> melimChange(bool isMaster, double now);

  // --- state the report and the status op show ---
  bool locked() const { return locked_; }
  // Whole seconds left of a timed lock, 0 when locked until unlocked (the report's field).
  uint32_t lockSecondsLeft(double now) const;
  // The same for the status op: 0 when not locked or locked until unlocked.
  double lockRemaining(double now) const;
  const std::vector<std::string>& serves() const { return serves_; }
  // This host's external resources: its own and the shared ones it serves now.
  std::vector<std::string> expectedResources() const;
  double nextReportAt() const { return nextReportAt_; }

 private:
  AgentSettings settings_;
  double nextReportAt_;
  double lastReportAt_ = -1e300;
  std::vector<protocol::NumericValue> lastSent_;
  bool locked_ = false;
  double lockUntil_ = 0;             // 0 = until unlocked
  std::vector<std::string> serves_;  // shared resources the master says we serve
  std::string servesFrom_;           // the master that said so
  bool wasMaster_ = false;
  std::string master_;      // as the election last said
  std::string reportedTo_;  // the master our reports go to
  MelimSet melim_;          // the set melim was last asked to run
  MelimPlan plan_;          // when a changed set is applied (removals settle first)
};

}  // namespace openlim::agent
