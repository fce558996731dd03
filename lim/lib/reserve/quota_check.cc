// Reservations as quota consumptions (see quota_check.h).
#include "reserve/quota_check.h"

namespace openlim::reserve {
namespace {

// A host's per-host amounts into `take`, its shared ones into `shared`.
void split(const std::vector<Amount>& amounts, quota::HostTake* take,
           std::vector<quota::Amount>* shared) {
  for (const Amount& a : amounts)
    (a.shared ? *shared : take->amounts).push_back({a.resource, a.amount});
}

quota::HostTake takeOf(const std::string& host, int slots, const std::vector<Amount>& amounts,
                       std::vector<quota::Amount>* shared) {
  quota::HostTake t{host, slots, {}};
  split(amounts, &t, shared);
  return t;
}

LimitUse useOf(const quota::Verdict& v) {
  return LimitUse{v.admitted,  v.set,   v.rule,     v.resource, v.used,
                  v.requested, v.limit, v.consumer, v.usage()};
}

}  // namespace

quota::Consumer consumerOf(const Labels& labels) {
  return quota::Consumer{labels.user, {}, labels.project, labels.pe, labels.queue};
}

quota::Consumption consumptionOf(const Reservation& r) {
  quota::Consumption c;
  c.who = consumerOf(r.labels);
  for (const HostHold& h : r.hosts)
    c.hosts.push_back(takeOf(h.host, h.slots, h.amounts, &c.shared));
  return c;
}

quota::HostValues hostValuesOf(const HostTable& table) {
  return [&table](const std::string& host, const std::string& resource) -> std::optional<double> {
    int row = table.row(host);
    if (row < 0) return std::nullopt;
    double v = table.number(static_cast<size_t>(row), resource);
    if (isUnknown(v)) return std::nullopt;
    return v;
  };
}

Verdict QuotaCheck::mayTake(const Claim& claim, const std::vector<Claim>& earlier,
                            double /*now*/) const {
  static const Labels kNone;
  quota::Admission a(state_, consumerOf(claim.labels ? *claim.labels : kNone), period_, values_);
  std::vector<quota::Amount> shared;
  for (const Claim& e : earlier) a.take(takeOf(e.host, e.slots, e.amounts, &shared));
  quota::Verdict v = a.check(takeOf(claim.host, claim.slots, claim.amounts, &shared));
  if (v.admitted && !shared.empty()) v = a.checkShared(shared);
  if (v.admitted) return {};
  return {false, v.message()};
}

std::vector<LimitUse> QuotaCheck::explain(const Claim& claim, const std::vector<Claim>& earlier,
                                          double /*now*/) const {
  static const Labels kNone;
  quota::Admission a(state_, consumerOf(claim.labels ? *claim.labels : kNone), period_, values_);
  std::vector<quota::Amount> shared;
  for (const Claim& e : earlier) a.take(takeOf(e.host, e.slots, e.amounts, &shared));
  quota::HostTake take = takeOf(claim.host, claim.slots, claim.amounts, &shared);
  std::vector<LimitUse> out;
  for (const quota::Verdict& v : a.explain(&take, shared.empty() ? nullptr : &shared))
    out.push_back(useOf(v));
  return out;
}

}  // namespace openlim::reserve
