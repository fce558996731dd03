#pragma once
// A change the master sent a keeper goes again until that keeper acknowledges it
// (docs/reservations.md, "Nothing lost"). One datagram each was all a keeper got before: a
// lost `hold` left the reservation on fewer lims than promised (a master rebuilding while
// the others were down could not know it, and gave its slots again), a lost `unhold` left a
// released one on a keeper (the next master took it back). Pure: keeper names, ids, versions
// and times in; what to send again out; the node writes the datagrams from its ledger.
//
// Each (keeper, reservation) pair tracks the latest change sent to it; a later one replaces
// it. It goes again `first` after it was sent, then at gaps doubling up to `most`, until the
// keeper acknowledges that version or a later one (after its journal's commit), the lease
// ends (each keeper drops an ended lease on its own clock), or the master leaves its role or
// rebuilds (clear()). Bounded: at most kMaxPending pairs are tracked; past that a change
// goes once, as before, and is counted.

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace openlim::reserve {

struct RedeliveryTiming {
  double first = 1;  // the first resend, this long after the change went
  double most = 15;  // the longest gap between two resends (an exchange interval)
};

struct RedeliveryCounters {
  uint64_t resent = 0;     // changes sent again
  uint64_t acked = 0;      // pairs a keeper's acknowledgement closed
  uint64_t untracked = 0;  // changes sent once only: kMaxPending pairs were tracked already
};

class Redelivery {
 public:
  static constexpr size_t kMaxPending = 100000;

  struct Due {
    std::string keeper, id;
    uint64_t version = 0;  // a hold's: the reservation's version; an unhold's: one past it
    bool drop = false;     // an unhold
  };

  void setTiming(RedeliveryTiming t) { timing_ = t; }
  // Change `version` of reservation `id` (an unhold when `drop`) went to `keeper` at `now`
  // (monotonic); its lease ends at `expires` (wall). An earlier version is ignored; the
  // same version again keeps its schedule.
  void sent(const std::string& keeper, const std::string& id, uint64_t version, bool drop,
            double expires, double now);
  // Change `version` of `id` must reach `keeper`, which may have it already (a new master
  // whose ledger is whole again brings every keeper's copies up to date): it goes at the
  // next due() from `now` on, then as a resend until acknowledged. A pair already tracked
  // at this version or a later one keeps its schedule.
  void sendSoon(const std::string& keeper, const std::string& id, uint64_t version, bool drop,
                double expires, double now);
  // `keeper` journalled `version` of `id` (or acknowledged the unhold of that version).
  void acked(const std::string& keeper, const std::string& id, uint64_t version);
  // The changes to send again at `now` (monotonic), at most `max`, earliest first, each
  // rescheduled; pairs whose lease ended by `wall` are dropped unsent.
  std::vector<Due> due(double now, double wall, size_t max);
  // When due() next has something (infinity: nothing tracked).
  double nextDeadline() const;
  void clear();

  size_t pending() const { return pending_.size(); }
  const RedeliveryCounters& counters() const { return counters_; }

 private:
  using Key = std::pair<std::string, std::string>;  // (keeper, id)
  struct Entry {
    uint64_t version = 0;
    bool drop = false;
    double expires = 0;  // wall
    double at = 0;       // the next resend (monotonic)
    double gap = 0;      // since the last send
    uint64_t seq = 0;    // orders equal times by when the pair was first tracked
  };
  void schedule(const Key* key, Entry& e, double at);
  void track(const std::string& keeper, const std::string& id, uint64_t version, bool drop,
             double expires, double at);
  void erase(std::map<Key, Entry>::iterator it);

  RedeliveryTiming timing_;
  std::map<Key, Entry> pending_;
  // (at, seq, key in pending_): the sequence, not the key's address, breaks ties, so that
  // the same inputs send in the same order (the simulator replays a seed exactly).
  std::set<std::tuple<double, uint64_t, const Key*>> byTime_;
  uint64_t seq_ = 0;
  RedeliveryCounters counters_;
};

}  // namespace openlim::reserve
