#include "reserve/policy_plan.h"

#include "policy/job_attributes.h"

namespace openlim::reserve {

Result<Plan> planByPolicy(const ReserveRequest& r, const CompiledRequest& compiled,
                          const ServiceContext& ctx, const AdmissionCheck& check) {
  const master::PlaceRequest& p = r.place;
  auto job = policy::parseJobAttributes(r.attrs);
  if (!job) return Status(Code::kInvalid, job.status().message());
  master::PolicyQuery q;
  q.policy = r.policy;
  q.strict = true;
  q.job = std::move(*job);  // number and word attributes alike
  q.slots = p.n > 0 ? p.n : 1;
  q.hosts = p.hosts;
  q.resreq = p.resreq;
  q.place = true;
  bool rated = false;
  auto rows = master::policyRows(q, ctx.query, &rated);
  if (!rows) return rows.status();
  const HostTable& t = *ctx.query.table;
  Plan last;
  last.placement.status = Status(Code::kNotEligible, "Not enough host(s) currently eligible");
  size_t tried = 0;
  for (uint32_t row : *rows) {
    if (++tried > kMaxPolicyHostsTried) break;
    PlaceOptions po{.minSlots = p.n, .maxSlots = p.w, .candidates = {t.names[row]}};
    Plan plan = planReservation(compiled, t, po, r.labels, check, ctx.wall);
    if (plan.placement.status.isOk()) {
      q.slots = static_cast<int>(plan.placement.slots.size());  // -w may have placed more
      master::adjustPlaced(q, {row}, rated, ctx.query);
      return plan;
    }
    // A refusal by admission names its limit: keep the first one to explain a failure.
    if (!plan.blocked.empty() && last.blocked.empty()) last = std::move(plan);
  }
  return last;
}

}  // namespace openlim::reserve
