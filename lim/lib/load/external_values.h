#pragma once
// The lim agent's last-known external values (from melim) with the time each arrived, aged
// by lim's own clock. melim makes a value unknown once it is older than its resource's
// INTERVAL x LSF_ELIM_STALE_FACTOR; lim does the same here on its own, so a value still goes
// stale when melim is hung, slow or cannot run (docs/melim.md "Where we go beyond LSF").
// Pure: every call takes `now` (monotonic seconds).

#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "load/procfs/melim_vector.h"
#include "openlim/config.h"

namespace openlim {

// A value's stale limit: its resource's INTERVAL (60 s when it has none, as melim assumes)
// x LSF_ELIM_STALE_FACTOR; +inf when the factor is <= 0 (values never go stale).
double staleLimit(const ResourceDef* def, const ClusterParams& params);

class ExternalValues {
 public:
  // Stale limits by resource name; other names get defaultLimit.
  void setLimits(std::map<std::string, double> limits, double defaultLimit);
  // One whole vector line from melim, read at `now`. A value that is new or changed arrived
  // now; one that melim repeats unchanged keeps its arrival time (melim's status line says
  // whether its elim repeated it). Returns true when values() changed.
  bool applyVector(const ExternalVector& v, double now);
  // melim's own ages (seconds) of the values it shows, from its status line read at `now`.
  // Applied to a value only while melim's value matches ours; a value stale here that melim
  // says is fresh is shown again. Returns true when values() changed.
  bool applyAges(const std::vector<ValueAge>& ages, double now);
  // melim is gone or stopped: nothing is known. Returns true when values() changed.
  bool clear();
  // Values past their limit become unknown. Returns true when values() changed.
  bool expire(double now);
  // Earliest time a known value will go stale; +inf when none.
  double nextExpiry() const;

  // name -> value; a stale value shows as unknown (known == false).
  const ExternalVector& values() const { return shown_; }
  // Seconds since the value arrived; NaN when it is unknown or absent.
  double age(const std::string& name, double now) const;
  uint64_t expiredCount() const { return expired_; }  // values that went stale here

 private:
  struct Arrival {
    ExternalValue value;  // as melim last sent it
    double at = 0;
    double limit = std::numeric_limits<double>::infinity();
    bool stale = false;  // shown as unknown until melim sends another value or a fresh age
  };
  double limitOf(const std::string& name) const;
  void show(const std::string& name, const Arrival& a);

  std::map<std::string, double> limits_;
  double defaultLimit_ = std::numeric_limits<double>::infinity();
  ExternalVector shown_;
  std::map<std::string, Arrival> arrivals_;  // the values melim sent as known
  uint64_t expired_ = 0;
};

}  // namespace openlim
