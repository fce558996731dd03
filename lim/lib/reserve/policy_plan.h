#pragma once
// A reservation placed by a named policy (lsreserve -p, docs/reservations.md): the policy
// orders the hosts (its constraints, sorts, band and load balancing, as a `policy` placement:
// the band's turn moves), and the reservation goes on the first host in that order that
// holds all its slots and that admission accepts. That host then takes the placement's load
// adjustment (run queues, and the rating drop when the policy's sort reads the rating), as a
// policy placement's first host does, so the next rating placement sees it at once. Pure: the
// context brings the snapshot, the load table and the policy state.

#include <cstdint>

#include "reserve/plan.h"
#include "reserve/requests.h"
#include "reserve/service.h"

namespace openlim::reserve {

// At most this many hosts of the policy's order are tried, one after another.
inline constexpr size_t kMaxPolicyHostsTried = 64;

// `compiled` is the request's -R (compiled without the implicit type==local). Errors: the
// policy's (unknown policy, out of its period, bad -a); a plan that is not ok when no host
// of the order could hold the reservation.
Result<Plan> planByPolicy(const ReserveRequest& r, const CompiledRequest& compiled,
                          const ServiceContext& ctx, const AdmissionCheck& check);

}  // namespace openlim::reserve
