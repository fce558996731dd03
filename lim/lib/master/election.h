#pragma once
// Master election (LSF's LIM behaviour "The master"), a pure state machine driven by the lim loop.
//
// Candidates are ConfigSnapshot::masterList in order. Every candidate heartbeats the other
// candidates every EXINTERVAL (kind 4, claimsMaster = whether it plays master); the master
// also announces to every host. A peer is alive while heard within MASTER_INACTIVITY_LIMIT
// exchanges; past that it is probed once and declared dead PROBE_TIMEOUT later.
//   - a candidate's master = the first candidate that is itself or alive (after a start-up
//     wait of PROBE_TIMEOUT during which it probes every candidate, so a restarted higher
//     candidate does not claim before learning the cluster);
//   - a non-candidate's master = the first candidate alive that claimed master.
// A master hearing a higher candidate yields at once; the higher one takes over, so two
// masters never answer for longer than one heartbeat.

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
  bool heartbeat = false;          // send kind-4 heartbeats now (candidates; all if master)
};

class Election {
 public:
  Election(std::string self, std::vector<std::string> candidates, ElectionParams p, double now);

  // Any authenticated frame from `sender` (report, heartbeat, probe reply).
  void onHeard(const std::string& sender, double now);
  // A heartbeat or probe reply saying whether the sender plays master.
  void onClaim(const std::string& sender, bool claimsMaster, double now);
  // Reconfig: the candidate list or timing changed; liveness knowledge is kept.
  void reconfigure(std::vector<std::string> candidates, ElectionParams p);

  // Advances timers: probes silent peers, schedules heartbeats, recomputes the master.
  ElectionActions tick(double now);
  double nextDeadline() const;

  bool isMaster() const { return master_ == self_; }
  const std::string& master() const { return master_; }  // "" = unknown
  bool isCandidate() const { return rank_ >= 0; }
  const std::vector<std::string>& candidates() const { return candidates_; }
  bool alive(const std::string& peer, double now) const;

 private:
  struct Peer {
    double lastHeard = -1e300;
    double probedAt = -1e300;  // when the current silence was probed
    bool claims = false;
  };
  double silenceLimit() const;
  std::string computeMaster(double now) const;
  int rankOf(const std::string& host) const;

  std::string self_;
  std::vector<std::string> candidates_;
  ElectionParams params_;
  int rank_ = -1;
  double startedAt_;
  double lastTick_ = -1e300;
  bool bootProbed_ = false;
  double nextHeartbeat_;
  std::string master_;
  std::unordered_map<std::string, Peer> peers_;
};

}  // namespace openlim::master
