#pragma once
// Resource quota sets on reservations (docs/quotas.md, docs/reservations.md): a reservation
// is a quota's consumption, and the quota Admission is the reservation's AdmissionCheck.
// Pure: the period comes from the caller's calendar, host values from its host table.
//
// Who consumes: the reservation's verified user, project, pe and queue. The user's Unix
// groups are not sent with the request: `@group` members were resolved once when lsf.quotas
// was loaded (quota::UserDirectory), so admission never asks the name service.

#include <vector>

#include "openlim/host_table.h"
#include "policy/calendar.h"
#include "quota/quota_state.h"
#include "reserve/admission.h"
#include "reserve/reservation.h"

namespace openlim::reserve {

quota::Consumer consumerOf(const Labels& labels);
// What r holds, as a quota consumption: each host's slots with every amount taken there,
// shared ones included (a rule that names hosts counts a licence where its slots are).
quota::Consumption consumptionOf(const Reservation& r);

// A host's numeric values (ncpus...) for dynamic limits, from a placement table; the table
// must outlive the function.
quota::HostValues hostValuesOf(const HostTable& table);
// A host's string values ("true"/"false" for booleans) for string and boolean limits, from a
// placement table; the table must outlive the function.
quota::HostText hostTextOf(const HostTable& table);

class QuotaCheck final : public AdmissionCheck {
 public:
  // REQUIRES: state outlives the check and does not change while it is used.
  QuotaCheck(const quota::QuotaState& state, policy::Period period, quota::HostValues values,
             quota::HostText text = nullptr)
      : state_(state), period_(period), values_(std::move(values)), text_(std::move(text)) {}
  // Every enabled set must admit the claim on top of `earlier` (the hosts already admitted
  // for the same reservation): its slots and amounts (shared ones included) on its host.
  Verdict mayTake(const Claim& claim, const std::vector<Claim>& earlier, double now) const override;
  // Every set's limit that counts the claim on its host, or tests the host's value (string
  // and boolean limits), in set order.
  std::vector<LimitUse> explain(const Claim& claim, const std::vector<Claim>& earlier,
                                double now) const override;

 private:
  const quota::QuotaState& state_;
  policy::Period period_;
  quota::HostValues values_;
  quota::HostText text_;
};

}  // namespace openlim::reserve
