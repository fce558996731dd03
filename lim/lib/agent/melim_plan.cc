#include "agent/melim_plan.h"

#include <algorithm>

namespace openlim::agent {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool adds(const std::vector<std::string>& want, const std::vector<std::string>& have) {
  return std::any_of(want.begin(), want.end(), [&](const std::string& r) {
    return !std::binary_search(have.begin(), have.end(), r);
  });
}

}  // namespace

std::optional<MelimWant> MelimPlan::decide(const MelimWant& want,
                                           const std::optional<MelimWant>& running, double now) {
  const MelimWant none;
  const MelimWant& have = running ? *running : none;
  // The master flag matters only when melim runs at all.
  bool same =
      want.resources == have.resources && (want.resources.empty() || want.master == have.master);
  if (same) {
    pendingSince_ = kInf;
    return std::nullopt;
  }
  bool urgent = !running || have.resources.empty() ||
                want.master != have.master ||  // a role change, even one that stops melim
                adds(want.resources, have.resources);
  if (!urgent) {
    if (pendingSince_ == kInf) pendingSince_ = now;
    if (now < pendingSince_ + settle_) return std::nullopt;
  }
  pendingSince_ = kInf;
  return want;
}

}  // namespace openlim::agent
