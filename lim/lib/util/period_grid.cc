#include "util/period_grid.h"

#include <cmath>

namespace openlim {

double nextOnGrid(double last, double period) {
  if (!std::isfinite(last)) return last + period;
  const double next = (std::floor(last / period) + 1) * period;
  // last / period may round up to a whole number just short of it: never at or before last.
  return next > last ? next : next + period;
}

}  // namespace openlim
