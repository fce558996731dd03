#include "reserve/held_replay.h"

namespace openlim::reserve {

void replayHeld(const HeldFiles& files, double wall, Ledger* held) {
  for (const auto& r : files.snapshot) held->merge(r, wall);
  for (const auto& rec : files.records)
    if (rec.put)
      held->merge(rec.reservation, wall);
    else
      (void)held->release(rec.id, {"", true});
  held->expire(wall);
}

}  // namespace openlim::reserve
