#pragma once
// What the metrics endpoint shows of the master's reservations (docs/metrics.md). On the
// loop, when a scrape's input is taken: the service's counters and a share of its quota
// usage (reservationMetrics, O(1)). While the body is written, in one slice: the quota rows
// of `lsquota -u all`, bounded by master::kMaxQuotaSeries (quotaRows). Pure.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "master/metrics.h"
#include "openlim/host_table.h"
#include "policy/calendar.h"
#include "quota/quota_state.h"
#include "reserve/service.h"

namespace openlim::reserve {

master::ReservationMetrics reservationMetrics(const ReservationService& service,
                                              policy::Period period);

struct QuotaRows {
  std::vector<master::QuotaSeries> rows;
  uint64_t omitted = 0;  // rows left out by the bound
};

// Every row of `lsquota -u all` in `period` (dynamic limits read `table`'s values); when
// there are more than `bound`, the fullest `bound` of them, in the report's order.
QuotaRows quotaRows(const quota::QuotaState& state, policy::Period period, const HostTable& table,
                    size_t bound = master::kMaxQuotaSeries);

// quotaRows of `state` in `period`, as the writer asks for them (ReservationMetrics).
using QuotaRowsFn = decltype(master::ReservationMetrics::quotaRows);
QuotaRowsFn quotaRowsOf(std::shared_ptr<const quota::QuotaState> state, policy::Period period);

}  // namespace openlim::reserve
