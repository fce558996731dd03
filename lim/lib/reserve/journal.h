#pragma once
// A host's reservation journal (docs/reservations.md, "Nothing lost"): what changed since
// the state file (the snapshot) was written, appended record by record, one fdatasync per
// loop turn; replayed over the snapshot when the lim starts, and folded into a fresh
// snapshot when it grows past a bound. Pure: encoding and reading; the daemon writes.
//
// One record per line: eight lower-case hex digits of the CRC-32 of the payload, a space,
// the payload (compact JSON, so never a newline), '\n'. Payloads:
//   {"put": <reservation as reservation_json.h>}   keep (new, or renewed: the later expiry)
//   {"drop": "<id>"}                              forget (released)
//   {"cluster": "<name>"}                         whose lims may adopt the journal: the
//                                                 first record of every journal written
//   {"term": <as reserve/terms.h writes it>}      quorum mode: what this voter promised and
//                                                 adopted (the last record wins)
// A journal of another cluster is never replayed (the lim sets it aside); one that names
// none (written before the cluster record existed) reads as before.
// Replaying is idempotent (a put of a kept reservation keeps the later expiry; a drop of an
// unknown id does nothing), so a crash between writing a snapshot and emptying the journal
// only replays records the snapshot already holds. Expiry is not journalled: a lease that
// ended is dropped on replay by its own expiry time.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"
#include "reserve/reservation.h"
#include "reserve/terms.h"

namespace openlim::reserve {

inline constexpr size_t kMaxJournalRecordBytes = 64u << 20;  // one payload
inline constexpr size_t kMaxJournalRecords = 4'000'000;
inline constexpr size_t kMaxClusterNameBytes = 4096;

struct JournalRecord {
  bool put = true;                // else a drop
  Reservation reservation;        // put
  std::string id;                 // drop (and put: the reservation's id)
  std::optional<VoterTerm> term;  // a term record (neither put nor drop)
};

std::string journalPut(const Reservation& r);
std::string journalDrop(const std::string& id);
std::string journalCluster(const std::string& cluster);
std::string journalTerm(const VoterTerm& term);

struct JournalRead {
  std::vector<JournalRecord> records;  // the whole, valid records before the first bad one
  // The cluster the journal's first cluster record names; "" when it has none. A later
  // cluster record naming another cluster is a bad record (the replay stops there).
  std::string cluster;
  bool namesCluster = false;
  size_t validBytes = 0;  // bytes those records span
  // The last record was cut short or garbled and nothing follows it: a crash mid-append.
  // Expected after a crash, and harmless (its turn's replies were never sent).
  bool tornTail = false;
  // A bad record with more after it (the disk or someone garbled the file): "line N:
  // what"; ok when none. The records after it are not replayed.
  Status corrupt;
};

JournalRead readJournal(std::string_view text);

}  // namespace openlim::reserve
