#pragma once
// When a master's reservation ledger is whole again (docs/reservations.md, "Nothing lost"):
// the keepers' side (when a lim reports the reservations it holds) and the master's (when it
// admits reservations again). Pure: host names, boot epochs and monotonic times in,
// decisions out; the daemon sends the reports and the asks.
//
// A master that (re)starts, under any name and whatever its own files hold, admits nothing
// until it has heard the holds of every lim it hears at all:
//   - a keeper reports its holds to each master it learns of: a new name, or the same name
//     with a new boot epoch (the master's lim restarted: its ledger is gone);
//   - the master asks a host it hears (a load report) but whose holds have not arrived, at
//     most kMaxAsks times, in case the report was lost or the keeper missed the restart;
//   - the window closes once its settle time has passed and every host heard has reported
//     whole (every part of its report), or at its limit, whichever comes first. Every live
//     lim sends a load report each exchange interval, so by the settle time every live
//     keeper is one the master heard.
//   - a host first heard after the window closed (cut off while it was open, or its report
//     came before this lim took the role) is asked too: its reservations join the ledger
//     late rather than never (found by the simulator, tests/sim seed 824).
//
// With RESERVATION_CONSISTENCY = quorum the window also stays shut, with no limit, until a
// strict majority of the master candidates (the new master itself included) reported whole.
// Every change acknowledged in quorum mode was journalled by a majority of the candidates
// (reserve/journal_quorum.h), and any two majorities share a candidate, so a master with a
// majority's holds has every acknowledged reservation before it admits against them. A
// master that cannot hear a majority cannot admit either, so waiting costs nothing the
// partition did not already take. In available mode the rule above stays alone.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <string>
#include <unordered_map>
#include <vector>

#include "openlim/config.h"
#include "reserve/holds_reporter.h"

namespace openlim::reserve {

struct RebuildTiming {
  double settle = 19;   // the shortest window: an exchange interval and two probe timeouts
  double limit = 57;    // the longest: past it, hosts still silent about their holds are left out
  double askEvery = 2;  // a host heard but not reported is asked this long after, and again
};

// RESERVATION_CONSISTENCY = quorum: whose holds make a majority.
struct RebuildQuorum {
  std::vector<std::string> candidates;  // LSF_MASTER_LIST
  std::string self;                     // the new master: its own holds are whole
};

struct RebuildCounters {
  uint64_t windows = 0;     // windows opened (master role taken)
  uint64_t complete = 0;    // closed with every host heard reported
  uint64_t incomplete = 0;  // closed at the limit with hosts missing
  uint64_t asks = 0;        // holds asked of a host
  uint64_t badParts = 0;    // report parts out of range (ignored)
};

class RebuildWindow {
 public:
  // Five asks at doubling gaps span 31 ask intervals (62 s at PROBE_TIMEOUT 2): longer than
  // a burst of loss that took three (tests/sim seed 4354: a restarted keeper's report and
  // three asks lost, its copies never brought back).
  static constexpr int kMaxAsks = 5;
  static constexpr size_t kMaxParts = 1u << 16;  // parts of one host's report

  // Taking the master role at `now` over the hosts of `config`: no host has reported.
  // `quorum` in quorum mode.
  void begin(double now, RebuildTiming t, ConfigPtr config,
             std::optional<RebuildQuorum> quorum = std::nullopt);
  // Leaving it: no window.
  void end();
  // The configuration changed while in the role: what each host was heard and reported
  // carries over by name; a host that left the configuration is no longer waited for or
  // asked (its reports are not taken any more, so it could only hold the window to its limit).
  void reconfigure(ConfigPtr config);
  // Whether reservations wait (code `rebuilding`).
  bool open(double now) const;
  // In quorum mode: a strict majority of the candidates has not reported whole yet (the
  // reason a reply gives). False in available mode and when no window was begun.
  bool awaitingMajority() const;

  // `host` is up, its load report came: its holds must arrive before the window closes, or,
  // first heard after the close, are asked for all the same. A host outside the
  // configuration is ignored (here and in reported()), which bounds what is kept.
  void heard(const std::string& host, double now);
  // `host`'s lim restarted (a new boot epoch in its frames): what it reported before may be
  // gone with its files, so its holds are awaited again and, after the close too, asked for
  // (its own report, sent when it learns of this master, may be lost: tests/sim seed 1081).
  void restarted(const std::string& host, double now);
  // Part `part` (0-based) of the `parts` of `host`'s holds report came. A host whose report
  // was cut in parts is whole once every part of one report arrived.
  void reported(const std::string& host, size_t part, size_t parts, double now);

  // The hosts to ask for their holds now (each at most kMaxAsks times: askEvery after it was
  // heard, then at doubling gaps, so that the asks outlast a burst of loss), at
  // most `max` of them, by their configured names; the rest come on the next call.
  std::vector<std::string> toAsk(double now, size_t max);
  // The hosts heard that never reported whole, once, when the window closed at its limit
  // (for the log); empty otherwise. At most `max` names (the first in the configuration's
  // order, sorted); `missing` says how many in all.
  std::vector<std::string> takeMissing(double now, size_t max, size_t* missing);
  // When toAsk or the closing next has something to do (infinity: nothing).
  double nextDeadline() const;

  size_t pending() const { return pending_; }
  const RebuildCounters& counters() const { return counters_; }

 private:
  // One byte per host of the configuration, by its index there: at 100,000 hosts a map of
  // the hosts heard, keyed by name, cost the master 13 MB for as long as it kept the role.
  struct Host {
    uint8_t tracked : 1 = 0;  // heard or reported: its holds are awaited (or came)
    uint8_t whole : 1 = 0;
    uint8_t asks : 3 = 0;  // at most kMaxAsks
  };
  static_assert(kMaxAsks < 8, "Host::asks holds 3 bits");
  // A report in parts being collected: only while some of its parts are missing.
  struct Parts {
    size_t parts = 0;
    size_t got = 0;
    std::vector<bool> seen;
  };
  using HostIndex = uint32_t;

  void advance(double now);
  bool openByHosts(double now) const;
  std::optional<HostIndex> indexOf(const std::string& host) const;
  Host& track(HostIndex i, double now);
  bool addPart(HostIndex i, size_t part, size_t parts);
  void findCandidates();

  bool started_ = false;  // a window was begun and not ended
  bool closed_ = false;   // ... and has closed (counted once)
  bool missingTaken_ = false;
  double start_ = 0;
  RebuildTiming timing_;
  std::optional<RebuildQuorum> quorum_;
  std::vector<std::optional<HostIndex>> candidates_;  // quorum_'s, in the configuration
  ConfigPtr config_;                                  // whose hosts hosts_ follows
  std::vector<Host> hosts_;                           // per host of config_
  std::unordered_map<HostIndex, Parts> parts_;
  using Ask = std::pair<double, HostIndex>;  // (due, host)
  void queueAsk(double due, HostIndex i);
  // Earliest due first (a min-heap: 16 bytes a host, as the deque it replaced).
  std::priority_queue<Ask, std::vector<Ask>, std::greater<Ask>> askQueue_;
  size_t pending_ = 0;  // hosts heard and not whole
  RebuildCounters counters_;
};

}  // namespace openlim::reserve
