// PBS's busy/free hysteresis (see load_hysteresis.h).
#include "placement/load_hysteresis.h"

#include <cmath>

namespace openlim::placement {

bool loadBusy(bool wasBusy, double load, double ideal, double max) {
  if (std::isnan(load)) return wasBusy;
  if (load >= max) return true;
  if (load < ideal) return false;
  return wasBusy;
}

}  // namespace openlim::placement
