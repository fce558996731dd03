#pragma once
// The master's messages to the keepers of reservations (docs/protocol.md, lim admin kind 7):
// hold, unhold and askholds, written in one place for the holds traffic and the terms.

#include <cstddef>
#include <cstdint>
#include <string>

#include "reserve/reservation.h"

namespace openlim::node {

std::string holdJson(const std::string& sender, const reserve::Reservation& r);
// `version`: the drop's (one past the reservation's last), for the keepers' acknowledgement;
// `term`: quorum mode's (reserve/terms.h), 0 in available mode.
std::string unholdJson(const std::string& sender, const std::string& id, uint64_t version,
                       uint64_t term);
// `term`: the term a rebuilding master asks a voter to promise (quorum mode), else 0.
std::string askHoldsJson(const std::string& sender, uint64_t term = 0);
// The master got part `part` of the `parts` of a keeper's holds report (reserve/holds_reporter.h).
std::string gotHoldsJson(const std::string& sender, size_t part, size_t parts);
// A voter refused a write of an earlier term: `term` is the one it promised (quorum mode).
std::string fencedJson(const std::string& sender, uint64_t term);

}  // namespace openlim::node
