#include "load/smoothing.h"

#include <cmath>

namespace openlim {

double smoothingFactor(double dtSeconds, double tauSeconds) {
  if (tauSeconds <= 0) return 0;
  return std::exp(-dtSeconds / tauSeconds);
}

double ExpSmoother::update(double x, double dtSeconds) {
  if (std::isnan(x)) return value_;
  if (!primed_) {
    value_ = x;
    primed_ = true;
    return value_;
  }
  if (dtSeconds <= 0) return value_;
  double f = smoothingFactor(dtSeconds, tau_);
  value_ = value_ * f + x * (1 - f);
  return value_;
}

void ExpSmoother::reset() {
  value_ = std::nan("");
  primed_ = false;
}

}  // namespace openlim
