#pragma once
// Exponential smoothing for load indices (LSF's LIM behaviour): s = s*f + x*(1-f), f = e^(-dt/tau).
// Pure: the caller passes dt from a monotonic clock.

namespace openlim {

class ExpSmoother {
 public:
  explicit ExpSmoother(double tauSeconds) : tau_(tauSeconds) {}

  // Feeds sample x observed dt seconds after the previous one and returns the new value.
  // The first sample (or one after reset()) sets the value to x: an agent that just started
  // reports the current run queue instead of ramping up from 0 over 15 minutes.
  // dt <= 0 (clock did not move) keeps the old value.
  double update(double x, double dtSeconds);
  double value() const { return value_; }  // NaN before the first sample
  bool primed() const { return primed_; }
  void reset();
  double tau() const { return tau_; }

 private:
  double tau_;
  double value_ = __builtin_nan("");
  bool primed_ = false;
};

// f = e^(-dt/tau); 0 when tau <= 0 (no smoothing).
double smoothingFactor(double dtSeconds, double tauSeconds);

}  // namespace openlim
