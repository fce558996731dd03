#pragma once
// Master election (LSF's LIM behaviour "The master"), a pure state machine driven by the lim loop.
//
// Candidates are ConfigSnapshot::masterList in order. Every candidate beats the other
// candidates (kind 4, claimsMaster = whether it plays master) every beat period, a small
// fraction of EXINTERVAL, and the master also announces to every host each EXINTERVAL. Only
// the few candidates beat fast; ordinary hosts keep their EXINTERVAL reports.
//
// Liveness (alive()): a peer heard within its silence limit is alive. Past it, the peer is
// probed several times, evenly over PROBE_TIMEOUT, and is dead once PROBE_TIMEOUT passed
// with nothing heard. A candidate watching a candidate uses the fast rule (kSilentBeats beat
// periods, kConfirmProbes probes); a non-candidate hears the master only in its EXINTERVAL
// announce round and keeps LSF's rule (MASTER_INACTIVITY_LIMIT exchanges, one probe).
//
// Why these numbers (EXINTERVAL 15 s, PROBE_TIMEOUT 2 s: beat 0.5 s, silence 8 s): the next
// candidate takes over at most the silence and PROBE_TIMEOUT after it last heard the master,
// so within 10 s of its death, inside one exchange interval. A false failover needs kSilentBeats
// beats in a row lost, then every beat sent during PROBE_TIMEOUT lost and every probe round trip
// failed. At 30 % independent loss a round trip fails with 1 - 0.7^2 = 0.51, so one silence turns
// false with
//   0.3^16 x 0.3^4 x 0.51^4 = 3.5e-11 x 0.068 = 2.4e-12,
// and with a new chance each beat (7,200 an hour) that is 1.7e-8 an hour for one candidate
// watching the master (2.1e-6 an hour even if no beat came during the probes). The old rule
// (one probe after two silent exchanges) turned false about 15 times an hour at 30 % loss.
// The beat period has a floor (kMinBeat) so a test cluster at EXINTERVAL 1 s does not call a
// peer dead over a loop turn slowed by a loaded machine.
//
//   - a candidate's master = the first candidate that is itself or alive (after a start-up
//     wait of PROBE_TIMEOUT during which it probes every candidate, so a restarted higher
//     candidate does not claim before learning the cluster);
//   - a non-candidate's master = the first candidate alive that claimed master.
// A master hearing a higher candidate yields at once; the higher one takes over, so two
// masters never answer for longer than one beat.
//
// Only the first kFastCandidates candidates beat fast, among themselves: without
// LSF_MASTER_LIST every server host is a candidate, and beats between all of them would cost
// the square of the cluster. Candidates further down keep the EXINTERVAL heartbeat and LSF's
// rule, as between any other hosts.
//
// Every candidate must run this rule: one that beats only each EXINTERVAL would be called
// dead by the others between its beats.

#include <string>
#include <unordered_map>
#include <vector>

namespace openlim::master {

struct ElectionParams {
  double exInterval = 15;
  int masterInactivityLimit = 2;
  double probeTimeout = 2;
};

struct ElectionActions {
  std::vector<std::string> probe;  // send a kind-5 probe to these hosts
  // At each multiple of EXINTERVAL on the monotonic clock (candidates): the master's
  // announce round.
  bool heartbeat = false;
  bool beatPeers = false;  // each beat period (candidates): kind 4 to the candidates
};

class Election {
 public:
  static constexpr double kBeatsPerExchange = 30;
  static constexpr double kMinBeat = 0.1;  // seconds
  static constexpr int kSilentBeats = 16;
  static constexpr int kConfirmProbes = 4;
  static constexpr size_t kFastCandidates = 8;

  Election(std::string self, std::vector<std::string> candidates, ElectionParams p, double now);

  // Any authenticated frame from `sender` (report, heartbeat, probe reply).
  void onHeard(const std::string& sender, double now);
  // A heartbeat or probe reply saying whether the sender plays master.
  void onClaim(const std::string& sender, bool claimsMaster, double now);
  // Reconfig: the candidate list or timing changed; liveness knowledge is kept.
  void reconfigure(std::vector<std::string> candidates, ElectionParams p);

  // How many hosts' liveness is kept (the candidates heard).
  size_t tracked() const { return peers_.size(); }
  // Advances timers: probes silent peers, schedules heartbeats, recomputes the master.
  ElectionActions tick(double now);
  double nextDeadline() const;

  bool isMaster() const { return master_ == self_; }
  const std::string& master() const { return master_; }  // "" = unknown
  bool isCandidate() const { return rank_ >= 0; }
  const std::vector<std::string>& candidates() const { return candidates_; }
  bool alive(const std::string& peer, double now) const;
  // Self and the candidates alive (by alive()'s rule) are a strict majority of the
  // candidates: what a quorum-mode master needs to admit, renew or release a reservation.
  // False on a host that is no candidate.
  bool hearsMajority(double now) const { return hearsMajorityOf(candidates_, now); }
  // The same over `voters` (the candidates that keep every reservation, when they are fewer
  // than all): self counts when it is one of them. Use the same voters for the journal
  // quorum and the rebuild, so that every two majorities meet.
  bool hearsMajorityOf(const std::vector<std::string>& voters, double now) const;
  // The candidates' beat period: EXINTERVAL / kBeatsPerExchange, at least kMinBeat.
  double beatPeriod() const;
  // Where this host's beats go (beatPeers): the other fast candidates; empty on a host that
  // is not one of them.
  const std::vector<std::string>& beatTargets() const { return beatTargets_; }

 private:
  // Every candidate heard has one.
  struct Peer {
    double lastHeard = -1e300;
    bool claims = false;
  };
  // The probes confirming a silence: only candidates are ever probed, so only they have one
  // (kept apart from Peer, where it cost a master 1.6 MB at 100,000 hosts).
  struct Confirmation {
    double confirmFor = -1e300;    // the silence (its start) being confirmed by probes
    double confirmStart = -1e300;  // when its first probe went
    int probesSent = 0;
  };
  // How a peer is found dead: silent this long, then `probes` probes over `window`.
  struct Rule {
    double silence;
    int probes;
    double window;
  };
  Rule ruleFor(const std::string& peer) const;
  bool fast(int rank) const { return rank >= 0 && static_cast<size_t>(rank) < kFastCandidates; }
  // `peer`'s confirmation, or one with no probe sent.
  const Confirmation& confirmationOf(const std::string& peer) const;
  bool confirming(const Peer& p, const Confirmation& c, const Rule& r) const;
  void probeIfDue(const std::string& peer, const Peer& p, double now, ElectionActions* a);
  std::string computeMaster(double now) const;
  int rankOf(const std::string& host) const;

  std::string self_;
  std::vector<std::string> candidates_;
  std::vector<std::string> beatTargets_;
  std::unordered_map<std::string, int> ranks_;  // lower-case name -> first index
  ElectionParams params_;
  int rank_ = -1;
  double startedAt_;
  double lastTick_ = -1e300;
  bool bootProbed_ = false;
  double nextHeartbeat_;
  double nextBeat_;
  std::string master_;
  std::unordered_map<std::string, Peer> peers_;
  std::unordered_map<std::string, Confirmation> confirmations_;
};

}  // namespace openlim::master
