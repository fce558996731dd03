#pragma once
// What a host's state files hold of its kept reservations (docs/reservations.md, "Nothing
// lost"), and the pure replay of them: the snapshot, then the journal's records in order.
// The daemon reads the files (lim/daemon/state_store.h); the simulator keeps them in memory.

#include <string>
#include <vector>

#include "reserve/journal.h"
#include "reserve/ledger.h"
#include "reserve/reservation.h"

namespace openlim::reserve {

struct HeldFiles {
  std::vector<Reservation> snapshot;
  std::vector<std::string> released;   // the snapshot's released ids (remembered as such)
  VoterTerm term;                      // the snapshot's (quorum mode, reserve/terms.h)
  std::vector<JournalRecord> records;  // to replay over the snapshot, in order
  bool journalFound = false;           // fold it into a snapshot now
  bool tornTail = false;               // the journal's last record was cut short
  std::vector<std::string> errors;     // "path: what" for the log; files kept aside as .bad
  std::vector<std::string> foreign;    // the same for files of another cluster, kept aside
  bool unnamed = false;                // a file named no cluster (adopted; rewrite it)
  std::string where;                   // the snapshot's path, for the log
};

// The snapshot then the records into `held` (a put keeps the later expiry, a drop of an
// unknown id does nothing: replay is idempotent); leases ended by `wall` are dropped.
// `term`, when given: the snapshot's, then the last term record's.
void replayHeld(const HeldFiles& files, double wall, Ledger* held, VoterTerm* term = nullptr);

// Whether the files should be rewritten as one fresh snapshot naming this cluster at start.
inline bool wantsFreshSnapshot(const HeldFiles& f) {
  return f.journalFound || f.unnamed || !f.errors.empty() || !f.foreign.empty();
}

}  // namespace openlim::reserve
