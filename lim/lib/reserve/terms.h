#pragma once
// Terms: the order of the rebuilds in RESERVATION_CONSISTENCY = quorum (docs/reservations.md,
// "Partitions"). Pure: terms, names and ledgers in, decisions out.
//
// Why: a creation one voter journalled for a master that died before a majority had it was
// never acknowledged. A later master that rebuilt from a majority without that voter did not
// count it and gave its slots again; had the copy joined a later ledger, the slots were
// promised twice. A rebuild alone cannot tell such a copy from an acknowledged one, so the
// rebuilds are ordered, as consensus protocols order their leaders:
//   - a master that rebuilds takes a term later than any it has seen, and counts a voter's
//     holds only once that voter promised the term (`askholds` names it);
//   - a voter that promised a term takes no change written at an earlier one (a master cut
//     off before it knew it was deposed can then get no majority for it);
//   - every copy carries the term that wrote it; when the rebuild's window closes, the copies
//     the voters reported count only when written at or after the latest term a majority
//     adopted (below): an older copy that the adopted ledger left out was never acknowledged;
//   - the rebuilt ledger is then written again at the new term to every voter, and a voter
//     that holds it whole (the digest matches) drops what else it held from earlier terms and
//     adopts the term; the master admits nothing until a majority adopted it.
// Any two majorities share a voter, so the next rebuild hears of the latest adopted term and
// of every change acknowledged since. Hosts that are not voters receive a change only once a
// majority journalled it: their copies were acknowledged and always count.

#include <cstdint>
#include <string>

#include "format/json.h"
#include "openlim/status.h"
#include "reserve/ledger.h"

namespace openlim::reserve {

// What a voter promised and adopted; journalled, and kept in the state file's snapshot.
struct VoterTerm {
  uint64_t promised = 0;   // the latest term promised (0: none) ...
  std::string promisedTo;  // ... and the master it was promised to
  uint64_t adopted = 0;    // the latest term whose rebuilt ledger this voter held whole
  // Its files were found damaged since it last adopted: what it lacks says nothing.
  bool lost = false;
  bool operator==(const VoterTerm&) const = default;
};

// `master` asks for holds at `term`: a voter promises a term later than any it promised, or
// the one it promised to the same master again.
bool mayPromise(const VoterTerm& v, uint64_t term, const std::string& master);
// A change `master` wrote at `term`: a voter takes it unless it promised a later term, or
// this term to another master. Term 0 (a lim in available mode) is always taken.
bool takesWrite(const VoterTerm& v, uint64_t term, const std::string& master);
// Moves the promise to (term, master) when it is a later term; true when it changed.
bool promise(VoterTerm* v, uint64_t term, const std::string& master);

// The copies written at `term` (count and a hash of their ids): what a voter compares with
// the master's before it adopts the term's ledger.
struct TermDigest {
  uint64_t count = 0;
  uint64_t hash = 0;
  bool operator==(const TermDigest&) const = default;
};
TermDigest digestOf(const Ledger& ledger, uint64_t term);

// A copy a voter reported to a rebuilding master: it counts when written at or after the
// latest term a majority adopted.
inline bool survivesRebuild(uint64_t copyTerm, uint64_t latestAdopted) {
  return copyTerm >= latestAdopted;
}

format::Json voterTermJson(const VoterTerm& v);
// kInvalid naming the field for anything that is not one.
Result<VoterTerm> voterTermFromJson(const format::Json& j);

}  // namespace openlim::reserve
