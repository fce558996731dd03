#pragma once
// Reservations as JSON, one layout for the wire (the master's replies, the lim-to-lim hold
// messages) and for a host's state file (docs/reservations.md):
//   {"id", "user", "project", "queue", "pe", "hosts": [one name per slot],
//    "holds": [{"host", "slots", "amounts": [{"resource", "amount", "shared"}]}],
//    "created", "expires", "master", "version"?, "term"?}
// Reading is strict (types, ranges, sizes bounded): a state file or message that is not a
// reservation is refused whole with a message naming the field. Pure.

#include <string>
#include <string_view>
#include <vector>

#include "format/json.h"
#include "openlim/status.h"
#include "reserve/reservation.h"
#include "reserve/terms.h"

namespace openlim::reserve {

inline constexpr size_t kMaxSlots = 1'000'000;         // slots of one reservation
inline constexpr size_t kMaxAmounts = 256;             // resources per host hold
inline constexpr size_t kMaxStateEntries = 1'000'000;  // reservations in one state file

format::Json reservationJson(const Reservation& r);
Result<Reservation> reservationFromJson(const format::Json& j);

// A host's state file: {"version": 1, "cluster": name, "host": name, "reservations": [..],
// "released": [ids]?, "term": {..}?}. "released": the ids this host last journalled as released (at
// most kMaxReleasedKept), so a release outlives the journal's folding into the snapshot. The
// cluster names whose lims may adopt the file (several clusters can share a state dir and a host
// name); files written before it was there have no "cluster".
inline constexpr size_t kMaxReleasedKept = 4096;
std::string hostStateText(const std::string& cluster, const std::string& host,
                          const std::vector<Reservation>& rs,
                          const std::vector<std::string>& released = {},
                          const VoterTerm& term = {});

struct HostState {
  std::string cluster;  // "" when the file names none
  std::string host;
  std::vector<Reservation> reservations;
  std::vector<std::string> released;
  VoterTerm term;  // "term": quorum mode's (reserve/terms.h); absent: none promised
};
// kInvalid "<what>" for a file that is not one (the caller adds the path).
Result<HostState> parseHostState(std::string_view text);

}  // namespace openlim::reserve
