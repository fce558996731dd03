#pragma once
// What the simulated cluster must keep true (docs/simulation.md), checked against the
// clients' view: what the replies acknowledged.
// Two masters up at once (a partition's sides, or a lim that took the role back before the
// other heard it) may lose what either acknowledged while they were (available mode,
// docs/reservations.md "Partitions"): such losses, resurrections and over-commits are counted
// apart.
//   - lost: an acknowledged reservation, unexpired and not released, is in the master's
//     ledger once its rebuild window closed, while a live keeper holds it; and some keeper
//     holds it (live, or in its files) unless a crash damaged files since it was acked;
//   - over-commit: no host has more slots reserved than it has in a master's ledger (in the
//     available mode a split brain can break it: counted, and a failure only when the
//     scenario had no partition and never two masters at once);
//   - resurrection: a released or expired reservation never comes back in a master's ledger
//     (unless it was released while two masters were up, a garbled journal may have lost
//     the release, or a keeper never heard of the release: the known gap, counted);
//   - exactly once: a request is answered at most once, and every request is answered by
//     the end unless the lim holding it crashed;
//   - convergence: after the heal and a quiet time, one master, known to every live lim,
//     whose load table has a recent report of every live host.

#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "format/json.h"
#include "sim_cluster.h"

namespace openlim::sim {

struct Acked {
  std::string user;
  double expires = 0;       // wall: the lease as the replies acknowledged it
  double maybeExpires = 0;  // wall: the latest a renew that got no answer may have made it
  double ackedAt = 0;       // mono
  bool releasing = false;   // a release was sent (its outcome is not yet known)
  bool uncertain = false;   // a release got no clear answer: it may or may not be gone
  bool splitAck = false;    // a reply acknowledged it while two masters were up
  // Quorum mode: a majority of the voters had lost their files (garbled or gone) before it
  // was acknowledged. They cannot tell that from a new cluster: they may start the terms over,
  // and a voter that kept the earlier terms outranks what they acknowledged once it is back
  // (outside the promise, docs/reservations.md "Destroyed files").
  bool votersForgot = false;
};

struct InvariantCounters {
  uint64_t requests = 0, replies = 0, acked = 0, released = 0, expired = 0;
  uint64_t lostToCrash = 0;       // requests whose lim died before answering
  uint64_t overCommits = 0;       // (master, host) over-commit episodes
  uint64_t resurrections = 0;     // released or expired ones back after a split or garbling
  uint64_t releaseGap = 0;        // released ones back while every lim that journalled the
                                  // release was down or cut off from that master (known gap)
  uint64_t releaseBackHeard = 0;  // back while such a lim was up and heard: must go (stable())
  uint64_t unprotected = 0;       // acked ones with no copy left after files were damaged
  uint64_t notFoundReplies = 0;   // renew/release of an acked live one answered "not found"
  uint64_t splitLost = 0;         // acked while two masters were up, then lost
  uint64_t singleCopy = 0;        // acked, and a moment later kept by one lim alone
  uint64_t unreachable = 0;       // acked, and no live lim kept it when a master's window closed
  uint64_t stableChecks = 0;
};

class Invariants {
 public:
  explicit Invariants(SimCluster& c);
  // The known gap (docs/simulation.md): a keeper that missed a release (down, cut off, its
  // unholds lost) keeps its copy; a master that hears none of the lims that journalled the
  // release (the releasing master died, or is on the other side of a split) takes the
  // reservation back from that copy. Such resurrections are counted apart (releaseGap); true:
  // they fail the scenario too. Either way, once a lim that journalled the release is up and
  // heard, the reservation must be gone again (stable()).
  void setReleaseGapFails(bool f) { releaseGapFails_ = f; }

  // Checks after each event (over-commit, resurrection); stable(): the lost check, for a
  // quiet cluster; end(): every request answered, and the load table converged.
  void afterEvent();
  void stable();
  void end();
  void partitioned() { partitionSeen_ = true; }
  // A crash of `host` destroyed committed records (garbled or gone files): what only those
  // held may be lost, and a garbled journal may have lost a release (which can then come
  // back). When `host` is a voter (one of the master candidates that keep every
  // reservation), quorum mode's majorities no longer intersect in what it journalled: its
  // over-commit promise holds only while no voter's files were destroyed
  // (docs/reservations.md, "Partitions").
  void filesDamaged(const std::string& host, Damage d) {
    if (d != Damage::kGarbled && d != Damage::kGone) return;
    lastDamage_ = cluster_.now();
    if (d == Damage::kGarbled) lastGarble_ = cluster_.now();
    if (isVoter(host)) {
      voterFilesLost_ = true;
      votersWhoLostFiles_.insert(host);
    }
  }

  bool failed() const { return !failure_.empty(); }
  const std::string& failure() const { return failure_; }
  const InvariantCounters& counters() const { return counters_; }
  bool splitBrainSeen() const { return splitBrain_; }
  // The reservations the clients believe active (for the workload's renew and release).
  const std::map<std::string, Acked>& active() const { return active_; }

 private:
  struct Sent {
    std::string host, op, id, user;
    double lease = 0, wall = 0;
  };
  void sent(uint64_t conn, const std::string& host, const std::string& body);
  void replied(const ClientReply& r);
  void crashed(const std::vector<uint64_t>& lost);
  void settle(const Sent& s, const ClientReply* r);
  void settleRenew(const Sent& s, const format::Json* reply, bool split, Acked& a);
  // True when the release is acknowledged (the reservation is gone).
  bool settleRelease(const Sent& s, const format::Json* reply, bool split, Acked& a);
  void fail(const std::string& what);
  // An over-commit follows a split, a resurrection (a released reservation's slots were
  // given again before it came back), a reservation kept by one lim alone, or one that no
  // live lim kept when a master closed its rebuild window (its holds lost on the way, its
  // other keepers down: what available mode does not promise, docs/reservations.md).
  // In quorum mode nothing excuses one (its promise: no over-commit, whatever the faults).
  bool overCommitExcused() const {
    if (cluster_.config().params.reservationConsistency == ReservationConsistency::kQuorum)
      return voterFilesLost_;
    return partitionSeen_ || splitBrain_ || singleCopySeen_ || unreachableSeen_ ||
           counters_.resurrections + counters_.releaseGap > 0;
  }
  bool isVoter(const std::string& host) const;
  void checkMaster(const node::LimNode& m);
  void checkCopies(const node::LimNode& m);
  void verifyReleases();
  void countCopies();
  // `m`'s rebuild window just closed: is every reservation the clients hold active in its
  // ledger or kept by a live lim (that master can know it)?
  void checkReachable(const node::LimNode& m);
  bool heldSomewhere(const std::string& id) const;
  // The live lims, `master` aside, that journalled `id`'s release and that `master` can hear
  // (" a b"; "" when none).
  std::string releaseKnownBy(const std::string& id, const std::string& master);
  // Released ones that came back: gone once a lim that journalled the release is heard.
  void checkCameBack(const node::LimNode& m);

  SimCluster& cluster_;
  std::map<uint64_t, Sent> open_;
  std::set<uint64_t> answered_;
  std::map<std::string, Acked> active_;
  struct Gone {
    double at = 0;         // released or expired then (mono)
    double checkFrom = 0;  // a master's ledger must not have it from then on
    bool split = false;    // released while two masters were up
    bool released = false;
    bool incomplete = true;  // released, and a keeper still kept it a moment later
  };
  void resurrected(const std::string& id, const Gone& g, const node::LimNode& m);
  std::map<std::string, Gone> gone_;
  std::map<std::string, double> cameBack_;  // released id back in a ledger -> its lease end
  std::deque<std::pair<double, std::string>> toVerify_;   // (when, id): did every keeper forget?
  std::deque<std::pair<double, std::string>> copiesDue_;  // (when, id): how many keep it?
  // A reservation acknowledged while every other keeper was down or cut off: the next
  // master cannot know it, and admits over it (available mode; docs/reservations.md "Partitions").
  bool singleCopySeen_ = false;
  bool unreachableSeen_ = false;
  std::set<std::string> rebuilding_;  // masters whose window was open at the last check
  std::set<std::pair<std::string, std::string>> overNow_;  // (master, host) over-committed
  double multiSince_ = -1;                                 // two or more masters up since then
  bool partitionSeen_ = false, splitBrain_ = false, releaseGapFails_ = false;
  double lastDamage_ = -1, lastGarble_ = -1;
  bool voterFilesLost_ = false;
  std::set<std::string> votersWhoLostFiles_;
  std::string failure_;
  InvariantCounters counters_;
};

}  // namespace openlim::sim
