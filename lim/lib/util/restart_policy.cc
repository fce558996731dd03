#include "util/restart_policy.h"

#include <algorithm>

namespace openlim {

void DeathTally::record(Death d) {
  ++total_;
  const Death* prev = last();
  bool same = prev && prev->kind == d.kind && prev->code == d.code;
  sameInARow_ = same ? sameInARow_ + 1 : 1;
  recent_.push_back(std::move(d));
  if (recent_.size() > kKeep) recent_.pop_front();
}

RestartDecision decideRestart(const RestartRules& rules, const DeathTally& tally, double lastStart,
                              int starts) {
  const Death& d = *tally.last();
  if (rules.abortValue >= 0 && d.kind == EndKind::kExited && d.code == rules.abortValue)
    return {Verdict::kAborted, 0};
  int restartsSoFar = std::max(0, starts - 1);
  if (rules.maxRestarts >= 0 && restartsSoFar >= rules.maxRestarts) return {Verdict::kGaveUp, 0};
  return {Verdict::kRestart, std::max(d.at, lastStart + rules.restartInterval)};
}

bool worthLogging(int n) {
  if (n <= 3) return n >= 1;
  return (n & (n - 1)) == 0;
}

}  // namespace openlim
