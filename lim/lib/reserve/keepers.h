#pragma once
// Who keeps a copy of a reservation (docs/reservations.md, "Nothing lost"): the lims of its
// hosts, and the first candidates of the master list (so whichever candidate takes over has
// every reservation at once, even one whose hosts are all down), and the master itself
// (its reply waits for its own copy). Without LSF_MASTER_LIST every server host is a
// candidate: the first few are the likely next masters. Pure.

#include <cstddef>
#include <string>
#include <vector>

#include "reserve/reservation.h"

namespace openlim::reserve {

inline constexpr size_t kMaxKeeperCandidates = 4;

// The candidates that keep every reservation (the voters of RESERVATION_CONSISTENCY =
// quorum): the first kMaxKeeperCandidates of `candidates`.
std::vector<std::string> votersOf(const std::vector<std::string>& candidates);

// Each name once, in this order: `master` (when not ""), the reservation's hosts, the
// candidates.
std::vector<std::string> keepersOf(const Reservation& r, const std::string& master,
                                   const std::vector<std::string>& candidates);

}  // namespace openlim::reserve
