#pragma once
// What the metrics endpoint shows of the master's reservations (docs/metrics.md): counts,
// the service's counters and the quota rows of `lsquota -u all`, bounded by
// master::kMaxQuotaSeries. Built on the loop's side at a scrape's hand-over (the ledger and
// the quota usage change in place); the scrape writes the text from the copy. Pure.

#include <cstddef>

#include "master/metrics.h"
#include "openlim/host_table.h"
#include "policy/calendar.h"
#include "reserve/service.h"

namespace openlim::reserve {

// `table`: the published snapshot (dynamic limits read its values).
master::ReservationMetrics reservationMetrics(const ReservationService& service,
                                              policy::Period period, const HostTable& table,
                                              size_t maxQuotaSeries = master::kMaxQuotaSeries);

}  // namespace openlim::reserve
