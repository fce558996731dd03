#include "agent/melim_supervision.h"

#include <cstdio>

namespace openlim::agent {
namespace {

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g s", s < 0 ? 0 : s);
  return buf;
}

}  // namespace

const char* melimStateName(MelimState s) {
  switch (s) {
    case MelimState::kIdle:
      return "idle";
    case MelimState::kRunning:
      return "running";
    case MelimState::kBackoff:
      return "backoff";
    case MelimState::kGaveUp:
      return "gave_up";
  }
  return "?";
}

std::string describeDeath(const Death& d) {
  if (!d.cause.empty()) return "could not start (" + d.cause + ")";
  if (d.kind == EndKind::kSignaled) return "killed by signal " + std::to_string(d.code);
  std::string s = "exited with code " + std::to_string(d.code);
  if (d.code == 127) s += " (cannot execute it: missing or not executable?)";
  return s;
}

void MelimSupervision::started(double now) {
  ++starts_;
  lastStart_ = now;
  state_ = MelimState::kRunning;
}

MelimDeathOutcome MelimSupervision::died(Death death, double now) {
  tally_.record(std::move(death));
  MelimDeathOutcome out;
  RestartDecision d = decideRestart(rules_, tally_, lastStart_, starts_ - startsBeforeRetry_);
  out.verdict = d.verdict;
  const int n = tally_.sameInARow();
  std::string what = "melim " + describeDeath(*tally_.last());
  if (n > 1) what += " (" + std::to_string(n) + " times in a row)";
  if (d.verdict == Verdict::kRestart) {
    state_ = MelimState::kBackoff;
    restartAt_ = d.at;
    out.restartAt = d.at;
    out.log = worthLogging(n);
    out.message = what + "; restarting in " + seconds(d.at - now);
  } else {
    // Giving up is logged always: it happens once until the next reconfig.
    state_ = MelimState::kGaveUp;
    out.log = true;
    out.message = what + "; giving up after " + std::to_string(starts_ - startsBeforeRetry_) +
                  " start(s): no external values on this host until reconfig";
  }
  return out;
}

bool MelimSupervision::retry(double now) {
  if (state_ != MelimState::kGaveUp && state_ != MelimState::kBackoff) return false;
  startsBeforeRetry_ = starts_;
  state_ = MelimState::kBackoff;
  restartAt_ = now;
  return true;
}

}  // namespace openlim::agent
