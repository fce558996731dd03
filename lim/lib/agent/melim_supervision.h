#pragma once
// lim's supervision of its melim, as a pure state machine: the shell (agent/melim_link)
// forks, execs and reaps; this decides, with melim's own DeathTally and decideRestart, when
// to start again or give up, and says which events deserve a log line. Times are the
// caller's monotonic `now`.

#include <cstdint>
#include <limits>
#include <string>

#include "util/restart_policy.h"

namespace openlim::agent {

enum class MelimState : uint8_t {
  kIdle,     // not wanted (no external resource expected here), or stopped on request
  kRunning,  // started, not yet seen to die
  kBackoff,  // died; restart at restartAt()
  kGaveUp,   // the restart cap was reached; waits for a reconfig (retry())
};

const char* melimStateName(MelimState s);

// What happened at a death, for the shell to log (when `log`) and expose.
struct MelimDeathOutcome {
  Verdict verdict = Verdict::kRestart;
  double restartAt = 0;
  bool log = false;  // first deaths of a kind, then sparsely (worthLogging)
  std::string message;
};

class MelimSupervision {
 public:
  explicit MelimSupervision(RestartRules rules) : rules_(rules) {}

  void setRules(RestartRules rules) { rules_ = rules; }
  const RestartRules& rules() const { return rules_; }

  // A start was asked for (start or restart with a new served set): the restart count and
  // the throttle start afresh, as for a new service.
  void wanted() { startsBeforeRetry_ = starts_; }
  // melim was forked at `now`.
  void started(double now);
  // melim ended without being asked to (code: exit code; signaled: code is the signal) or
  // could not be started at all (a non-empty `cause` says why: fork or pipe failed).
  // Decides what comes next.
  MelimDeathOutcome died(Death death, double now);
  // Stopped on request: no restart until wanted() and started() again.
  void stopped() { state_ = MelimState::kIdle; }
  // lim's reconfig: a melim that gave up or waits out its throttle starts at once (the admin
  // may have fixed what killed it). Returns true when that changed anything.
  bool retry(double now);

  MelimState state() const { return state_; }
  bool due(double now) const { return state_ == MelimState::kBackoff && now >= restartAt_; }
  double restartAt() const {
    return state_ == MelimState::kBackoff ? restartAt_ : std::numeric_limits<double>::infinity();
  }
  const DeathTally& tally() const { return tally_; }
  int starts() const { return starts_; }

 private:
  RestartRules rules_;
  DeathTally tally_;
  MelimState state_ = MelimState::kIdle;
  double lastStart_ = -std::numeric_limits<double>::infinity();
  double restartAt_ = 0;
  int starts_ = 0;
  int startsBeforeRetry_ = 0;
};

// "exited with code 3", "killed by signal 9", "could not start (fork: ...)".
std::string describeDeath(const Death& d);

}  // namespace openlim::agent
