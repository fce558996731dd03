#pragma once
// Which melim lim should run, and when to change it. A changed served set or master role
// means a melim restart (its LSF_RESOURCES and LSF_MASTER are fixed at exec), and every
// restart restarts every elim, so changes are applied with care:
// - the master role and any resource added apply at once (nothing is lost by waiting less);
// - a resource removed applies only after `settle` seconds without it coming back. A new
//   master first announces who serves the shared instances before it has heard from the
//   hosts, then again once it has: without the wait each host restarted melim twice at
//   every master change, and for nothing when the final set equals the old one.
// Pure: the caller passes `now`.

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace openlim::agent {

struct MelimWant {
  std::vector<std::string> resources;  // sorted, unique
  bool master = false;
  bool operator==(const MelimWant&) const = default;
};

class MelimPlan {
 public:
  explicit MelimPlan(double settle) : settle_(settle) {}
  void setSettle(double settle) { settle_ = settle; }

  // want: what this host should run now; running: what melim was last started with
  // (nullopt: never started, or stopped). Returns the set to (re)start melim with now, or
  // nullopt to leave it as it is. An empty resources list means "stop melim".
  std::optional<MelimWant> decide(const MelimWant& want, const std::optional<MelimWant>& running,
                                  double now);
  // When decide() may have something to do without any new input; +inf when nothing waits.
  double nextDeadline() const { return pendingSince_ + settle_; }

 private:
  double settle_;
  double pendingSince_ = std::numeric_limits<double>::infinity();  // a removal waits since
};

}  // namespace openlim::agent
