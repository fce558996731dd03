#pragma once
// The files that keep this host's reservations (docs/reservations.md, "Nothing lost"), in
// LSF_STATEDIR: the snapshot reservations.<host>.json, written whole (temporary file, fsync,
// rename, directory fsync), and the journal reservations.<host>.journal of what changed
// since (reserve/journal.h), appended with one fdatasync per group commit. The journal is
// folded into a fresh snapshot when it grows past twice the snapshot (at least
// kMinCompactBytes), so a change costs its own record, not a rewrite of every reservation.

#include <cstddef>
#include <string>
#include <vector>

#include "openlim/status.h"
#include "reserve/journal.h"
#include "reserve/reservation.h"

namespace openlim::lim {

class StateStore {
 public:
  static constexpr size_t kMinCompactBytes = 1u << 20;

  StateStore() = default;
  StateStore(const StateStore&) = delete;
  StateStore& operator=(const StateStore&) = delete;
  ~StateStore();

  struct Loaded {
    std::vector<reserve::Reservation> snapshot;
    std::vector<reserve::JournalRecord> records;  // to replay over the snapshot, in order
    bool journalFound = false;                    // fold it into a snapshot now
    bool tornTail = false;
    std::vector<std::string> errors;  // "path: what" for the log; files kept aside as .bad
  };
  // What the files hold; a snapshot that is not one, or a journal garbled before its end,
  // is moved aside to <file>.bad (its good records are still replayed). No file: nothing.
  Loaded load(const std::string& dir, const std::string& host);

  // Queues one record for the next commit().
  void append(const std::string& record) { pending_ += record; }
  bool pending() const { return !pending_.empty(); }
  // The queued records in one write and one fdatasync (the journal is opened on first use).
  Status commit();
  bool wantsCompaction() const;
  // `snapshotText` (the whole state) as the new snapshot, then an empty journal. The
  // queued records must be in it: they are dropped.
  Status compact(const std::string& snapshotText);

  const std::string& snapshotPath() const { return snapshot_; }

 private:
  Status openJournal();

  std::string dir_, snapshot_, journal_;
  int fd_ = -1;
  size_t journalBytes_ = 0, snapshotBytes_ = 0;
  std::string pending_;
};

}  // namespace openlim::lim
