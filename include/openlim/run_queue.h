#pragma once
// Run-queue normalisation (LSF's resource requirement rules), the one place it is computed: resreq
// select and order, lsload -E and -N all call these.
//   effective  = raw / ncpus
//   normalised = effective * (largest cpuf among the cluster's hosts) / (this host's cpuf)
// An unknown or non-positive ncpus or cpuf counts as 1; an unknown raw value stays unknown.

#include <cmath>

namespace openlim {

inline double effectiveRunQueue(double raw, double ncpus) {
  if (std::isnan(raw)) return raw;
  double n = (std::isnan(ncpus) || ncpus <= 0) ? 1.0 : ncpus;
  return raw / n;
}

inline double normalizedRunQueue(double raw, double ncpus, double cpuf, double maxCpuf) {
  double f = (std::isnan(cpuf) || cpuf <= 0) ? 1.0 : cpuf;
  double m = (std::isnan(maxCpuf) || maxCpuf <= 0) ? 1.0 : maxCpuf;
  return effectiveRunQueue(raw, ncpus) * m / f;
}

}  // namespace openlim
