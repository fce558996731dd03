#pragma once
// The files that keep this host's reservations (docs/reservations.md, "Nothing lost"), in
// LSF_STATEDIR: the snapshot reservations.<host>.json, written whole (temporary file, fsync,
// rename, directory fsync), and the journal reservations.<host>.journal of what changed
// since (reserve/journal.h), appended with one fdatasync per group commit. The journal is
// folded into a fresh snapshot when it grows past twice the snapshot (at least
// kMinCompactBytes), so a change costs its own record, not a rewrite of every reservation.
//
// Both files name the cluster of the lim that wrote them (the snapshot's "cluster", the
// journal's first record): a lim adopts only its own cluster's files. One of another
// cluster (a state dir shared by two clusters with a host of the same name) is moved aside
// to <file>.cluster-<name>, logged and never replayed. A file that names no cluster (written
// before the name was kept) is adopted: it can only come from an older lim of this
// installation, and dropping it would lose every reservation on an upgrade.

#include <cstddef>
#include <string>
#include <vector>

#include "openlim/status.h"
#include "reserve/held_replay.h"
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

  using Loaded = reserve::HeldFiles;  // `where`: the snapshot's path

  // What the files of `host` of cluster `cluster` hold; a snapshot that is not one, or a
  // journal garbled before its end, is moved aside to <file>.bad (its good records are
  // still replayed); a file of another cluster to <file>.cluster-<its cluster>. A journal
  // that names no cluster belongs to its snapshot's. No file: nothing.
  Loaded load(const std::string& dir, const std::string& host, const std::string& cluster);

  // Queues one record for the next commit().
  void append(const std::string& record) { pending_ += record; }
  bool pending() const { return !pending_.empty(); }
  // The queued records in one write and one fdatasync (the journal is opened on first use).
  Status commit();
  bool wantsCompaction() const;
  // `all` (the whole state) as the new snapshot, then an empty journal. The queued records
  // must be in it: they are dropped.
  // `released`: the ids last released here, kept in the snapshot (hostStateText), and
  // `term` what this host promised and adopted as a voter (quorum mode).
  Status compact(const std::vector<reserve::Reservation>& all,
                 const std::vector<std::string>& released = {},
                 const reserve::VoterTerm& term = {});

  const std::string& snapshotPath() const { return snapshot_; }

 private:
  Status openJournal();

  std::string dir_, host_, cluster_, snapshot_, journal_;
  int fd_ = -1;
  size_t journalBytes_ = 0, snapshotBytes_ = 0;
  std::string pending_;
};

}  // namespace openlim::lim
