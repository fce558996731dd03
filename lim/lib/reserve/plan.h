#pragma once
// A reservation's placement (docs/reservations.md): lsplace's choice (openlim::place) on a
// snapshot that already subtracts what is reserved, then the admission hook for each chosen
// host. A host the hook refuses is left out and the placement is tried again without it,
// until every chosen host is admitted or too few hosts remain. Pure.

#include <string>
#include <utility>
#include <vector>

#include "openlim/host_table.h"
#include "openlim/resreq.h"
#include "reserve/admission.h"
#include "reserve/reservation.h"

namespace openlim::reserve {

struct Plan {
  // Not ok: not enough hosts ("Not enough host(s) currently eligible", or the first
  // refusal's message when the hook blocked hosts).
  PlacementResult placement;
  std::vector<HostHold> holds;                           // per chosen host, first-slot order
  std::vector<std::pair<std::string, Verdict>> blocked;  // hosts the hook refused, in order
  // With options.explain: every candidate host's quota verdict, in table row order. A host
  // the placement chose (or the hook refused) with what it was asked to take there; any
  // other host with one slot of the request, as if it were asked first.
  std::vector<HostQuota> quota;
};

// At most this many rounds of "leave the refused hosts out and place again".
inline constexpr int kMaxAdmissionRounds = 64;

Plan planReservation(const CompiledRequest& req, const HostTable& table, PlaceOptions options,
                     const Labels& labels, const AdmissionCheck& check, double now);

// What `slots` slots of `req` take on a host: its first rusage alternative's amounts (the
// one placement's load adjustment uses) times the slots.
std::vector<Amount> amountsFor(const CompiledRequest& req, int slots);

}  // namespace openlim::reserve
