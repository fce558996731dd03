#include "core/restart_policy.h"

#include <algorithm>

namespace openlim::melim {

void DeathTally::record(Death d) {
  ++total_;
  recent_.push_back(std::move(d));
  if (recent_.size() > kKeep) recent_.pop_front();
}

RestartDecision decideRestart(const RestartRules& rules, const DeathTally& tally, double lastStart,
                              int starts) {
  const Death& d = *tally.last();
  if (d.kind == EndKind::kExited && d.code == rules.abortValue) return {Verdict::kAborted, 0};
  int restartsSoFar = std::max(0, starts - 1);
  if (rules.maxRestarts >= 0 && restartsSoFar >= rules.maxRestarts) return {Verdict::kGaveUp, 0};
  return {Verdict::kRestart, std::max(d.at, lastStart + rules.restartInterval)};
}

}  // namespace openlim::melim
