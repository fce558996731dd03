#include "reserve/held_replay.h"

namespace openlim::reserve {

void replayHeld(const HeldFiles& files, double wall, Ledger* held, VoterTerm* term) {
  if (term) *term = files.term;
  for (const auto& r : files.snapshot) held->merge(r, wall);
  // Oldest first, so the ledger's own order of releases is kept (the snapshot lists newest
  // first).
  for (auto it = files.released.rbegin(); it != files.released.rend(); ++it)
    (void)held->forgetReleased(*it);
  for (const auto& rec : files.records)
    if (rec.term) {
      if (term) *term = *rec.term;
    } else if (rec.put)
      held->merge(rec.reservation, wall);
    else
      (void)held->forgetReleased(rec.id);  // remembered even if its put never came
  held->expire(wall);
}

}  // namespace openlim::reserve
