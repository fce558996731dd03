#pragma once
// The master's load table (LSF's LIM behaviour "Exchange", "Host status", "Placement load
// adjustment"): per-host records fed by load reports, published as immutable HostTable
// snapshots that queries share (a query never waits for ingest, nor the reverse).
// Pure: every call takes `now` (monotonic seconds).

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "load/index_range.h"
#include "master/slot_strings.h"
#include "master/window_average.h"
#include "openlim/config.h"
#include "openlim/host_table.h"
#include "openlim/load_adjust.h"
#include "protocol/messages.h"

namespace openlim::master {

struct TableCounters {
  uint64_t reportsIngested = 0;
  uint64_t unknownHost = 0;    // report from a host missing from the cluster file
  uint64_t unknownNames = 0;   // values naming no resource of lsf.shared
  uint64_t refreshVisits = 0;  // rows time refreshes looked at (the rest were not due)
};

class LoadTable {
 public:
  explicit LoadTable(ConfigPtr config);
  // Adopts a new config: records move by host name, values by resource name.
  void reconfigure(ConfigPtr config);
  const ConfigPtr& config() const { return config_; }

  // False when the host is not in the cluster file.
  bool ingest(const protocol::LoadReport& r, double now);
  // Temporary load after a placement: +amount on `slot`, decaying linearly to 0 over
  // ADJUST_DURATION x EXINTERVAL (decayWeight, openlim/load_adjust.h). On a shared resource
  // it reaches every host of the instance, as inside a placement (applyDeltas). A published
  // built-in index never leaves its physical range (load/index_range.h) however much is
  // added. Cost: bounded by the host's live adjustments, which amounts of one sign added to
  // one slot within ADJUST_DURATION x EXINTERVAL / 100 merge into (at most 200 per slot).
  void adjust(const std::string& host, int slot, double amount, double now);
  // The same for several slots of one host at once (a placement's deltas): the row is
  // republished once.
  void adjust(const std::string& host, const std::vector<LoadDelta>& deltas, double now);
  // Live adjustment entries of `host` (tests and benches: the merge bound above).
  size_t adjustmentEntries(const std::string& host) const;
  // Who serves each shared instance (config->instances order; "" = nobody). The value of a
  // dynamic instance is what its server reported.
  // What reservations hold on `host` (docs/reservations.md), replacing what it held: `slots`
  // slots (placement takes them from ncpus) and amounts signed as placementDeltas' (less of
  // a decreasing resource). Unlike an adjustment it does not decay; a shared resource's
  // amount is taken from the host's instance.
  void hold(const std::string& host, int slots, std::vector<LoadDelta> deltas, double now);
  // What reservations hold of shared instance i (config->instances order), as a positive
  // amount.
  double heldOnInstance(size_t instance) const;
  void setServers(std::vector<std::string> servers);
  const std::vector<std::string>& servers() const { return servers_; }

  bool available(const std::string& host, double now) const;
  // The published snapshot. A report or a placement rewrites its host's row in place when
  // no query holds the snapshot; otherwise, and for config or shared-value changes, it is
  // rebuilt; it is also rebuilt when time moved on (statuses and adjustments depend on `now`).
  HostTablePtr snapshot(double now);
  HostTablePtr build(double now) const;

  // Hosts whose last report carried a config checksum different from ours.
  std::vector<std::string> driftHosts() const;
  // True when `host`'s last report carried a checksum different from ours.
  bool drifted(const std::string& host) const;
  // Seconds left of `host`'s timed lock, from its last report less the time since;
  // -1 when not locked or locked until unlocked.
  double lockRemaining(const std::string& host, double now) const;
  // The same by row (config->hosts order; -1 or out of range: not drifted / -1).
  bool driftedAt(int row) const;
  double lockRemainingAt(int row, double now) const;
  int rowOf(const std::string& host) const;  // -1 when not a cluster host
  std::string reportedMaster(const std::string& host) const;
  double lastReport(const std::string& host) const;  // -1e300 when never heard
  const TableCounters& counters() const { return counters_; }

 private:
  struct Adjustment {
    int slot;
    double amount;
    double start;
  };
  struct Record {
    double lastReport = -1e300;
    bool locked = false;
    uint32_t lockSeconds = 0;  // as reported at lastReport
    std::string checksum, master;
    std::vector<double> numbers;  // per resource slot; NaN = unknown
    // Per external slot (ageIndex_): when the value arrived at its host's melim, on our clock
    // (report time less the age it carried); NaN = no age yet. Ages and staleness
    // (INTERVAL x LSF_ELIM_STALE_FACTOR) follow from it on the master's own clock, so a value
    // its host stops reporting still goes stale here. Built-in and static slots have no age
    // and no entry: at 100,000 hosts an entry for every slot cost 25 MB.
    std::vector<double> arrived;
    std::vector<int> agedSlots;  // slots whose `arrived` is set
    SlotStrings strings;
    std::vector<Adjustment> adjustments;
    // PBS's busy/free hysteresis on the reported r1m, for a host with both ideal_load and
    // max_load: busy from max_load until the load falls below ideal_load.
    bool loadBusy = false;
    int heldSlots = 0;            // slots reservations hold
    std::vector<LoadDelta> held;  // what they hold, signed as the load moves
    // The averaged indices (window_average.h): one cell per averaged resource, in
    // averages_ order. numbers and arrived cover only the reported slots (reported_).
    AverageClock avgClock;
    std::vector<AverageCell> cells;
  };
  void updateLoadBusy(size_t row, Record& rec) const;
  double heldAt(const Record& rec, size_t slot) const;
  void index();
  bool patchable() const;
  bool unshare();
  bool patchPublished(size_t row, double now);
  void rowChanged(size_t row, double now);
  void rewriteRow(size_t row, double now);
  // Only the decaying values of a row (and its status, which they move): `slots` are the
  // slots its adjustments touched, ended ones included (they fall back to the report).
  void redecayRow(size_t row, const std::vector<int>& slots, double now);
  bool refreshPublished(double now);
  bool servesShared(size_t row) const;
  bool up(const Record& r, double now) const;
  // The next time after `now` at which time alone changes what the row publishes: the host
  // going quiet past the inactivity limit, an external value going stale; -inf while
  // placement adjustments decay (every refresh), +inf when nothing will.
  double timeDue(const Record& r, double now) const;
  void fillRow(HostTable& t, size_t row, double now) const;
  double numberAt(size_t row, size_t slot, bool isUp, double now) const;
  double adjusted(const Record& rec, size_t slot, double now) const;
  // Adds `amount` on `slot` to `rec`'s adjustments (merging as adjust() says); false when
  // nothing was added.
  bool addAdjustment(Record& rec, int slot, double amount, double now) const;
  // Whether the value of `slot` in `rec` is past its stale limit at `now`.
  bool stale(const Record& rec, size_t slot, double now) const;
  double arrivedAt(const Record& rec, size_t slot) const;  // NaN: no age
  // False when a shared value went stale (or came back) since the last build: statuses may
  // follow, so the caller rebuilds.
  bool sharedValuesCurrent(double now) const;
  const Record* instanceSource(size_t instance, double now) const;
  void fillStatus(HostTable& t, size_t row, const Record& rec, double now) const;
  void fillShared(HostTable& t, double now) const;
  void internStatus(HostTable& t, size_t row) const;  // the status column's text
  HostStatus computeStatus(HostTable& t, size_t row, const Record& rec) const;

  // The averages: fold the values `rec` held since its last report into its cells.
  void foldAverages(Record& rec, double now);
  // The averaged value of `slot` (an averaged resource) for `rec`, unknown while down.
  double averageAt(const Record& rec, size_t slot, bool isUp) const;
  int averageSlotOf(size_t source) const;  // the slot averaging `source`, -1 when none

  ConfigPtr config_;
  std::vector<Record> records_;                 // config->hosts order
  std::unordered_map<std::string, int> rows_;   // lower-case name -> row
  std::unordered_map<std::string, int> slots_;  // resource name -> slot
  int ncpusSlot_ = -1, statusSlot_ = -1;        // -1: not a resource (status: not a string)
  std::vector<double> staleLimits_;             // per slot: INTERVAL x LSF_ELIM_STALE_FACTOR
  std::vector<char> external_;                  // per slot: dynamic, not built-in (has ages)
  std::vector<int> ageIndex_;  // per slot: its entry in Record::arrived, -1 when it has none
  size_t agedCount_ = 0;       // entries in Record::arrived
  std::vector<char> shared_;   // per slot: a shared resource
  // Per slot: the physical range of a built-in index (open for the rest), which adjustments
  // and holds never push a published value past.
  std::vector<ValueRange> ranges_;
  int r1mSlot_ = -1;
  size_t reported_ = 0;        // slots a report can set (averages follow)
  std::vector<int> averages_;  // per cell: the slot it averages
  std::vector<int> cellOf_;    // per slot: its cell, -1 when not averaged
  WindowAverage window_{120};
  std::vector<double> held_;  // scratch for foldAverages
  // Per host (config->hosts order): its busy thresholds by slot, known resources only.
  std::vector<std::vector<std::pair<int, double>>> thresholds_;
  std::vector<std::string> servers_;
  TableCounters counters_;
  HostTablePtr published_;
  double builtAt_ = -1e300;
  bool dirty_ = true;
  // Rows changed while a query held the snapshot (a placement adjusts its hosts from inside
  // the query): patched by the next snapshot() instead of rebuilding every row.
  std::vector<size_t> pendingRows_;
  // Per row: timeDue() as last computed. The once-a-second refresh reads this array alone and
  // skips every row not due: at 100,000 hosts, visiting each record cost 20 ms a second.
  std::vector<double> timeDue_;
};

}  // namespace openlim::master
