// Reservations as quota consumptions (see quota_check.h).
#include "reserve/quota_check.h"

namespace openlim::reserve {
namespace {

// What a host holds, shared amounts included: a shared amount is taken with the slots of
// its host, so rules that name hosts count it there (docs/quotas.md).
quota::HostTake takeOf(const std::string& host, int slots, const std::vector<Amount>& amounts) {
  quota::HostTake t{host, slots, {}};
  t.amounts.reserve(amounts.size());
  for (const Amount& a : amounts) t.amounts.push_back({a.resource, a.amount});
  return t;
}

LimitUse useOf(const quota::Verdict& v) {
  return LimitUse{v.admitted, v.set,      v.rule,    v.resource, v.used, v.requested,
                  v.limit,    v.consumer, v.usage(), v.wanted,   v.found};
}

}  // namespace

quota::Consumer consumerOf(const Labels& labels) {
  return quota::Consumer{labels.user, {}, labels.project, labels.pe, labels.queue};
}

quota::Consumption consumptionOf(const Reservation& r) {
  quota::Consumption c;
  c.who = consumerOf(r.labels);
  for (const HostHold& h : r.hosts) c.hosts.push_back(takeOf(h.host, h.slots, h.amounts));
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

quota::HostText hostTextOf(const HostTable& table) {
  return [&table](const std::string& host,
                  const std::string& resource) -> std::optional<std::string> {
    int row = table.row(host);
    int idx = table.config ? table.config->resourceIndex(resource) : -1;
    if (row < 0 || idx < 0 || static_cast<size_t>(idx) >= table.columns.size()) return std::nullopt;
    const Column& c = table.columns[static_cast<size_t>(idx)];
    auto r = static_cast<size_t>(row);
    if (c.type == ResourceType::kBoolean)
      return r < c.booleans.size() && c.booleans[r] != 0 ? "true" : "false";
    if (c.type != ResourceType::kString || r >= c.strings.size() || c.strings[r] == kUnknownString)
      return std::nullopt;
    return table.strings.get(c.strings[r]);
  };
}

Verdict QuotaCheck::mayTake(const Claim& claim, const std::vector<Claim>& earlier,
                            double /*now*/) const {
  static const Labels kNone;
  quota::Admission a(state_, consumerOf(claim.labels ? *claim.labels : kNone), period_, values_,
                     text_);
  for (const Claim& e : earlier) a.take(takeOf(e.host, e.slots, e.amounts));
  quota::Verdict v = a.check(takeOf(claim.host, claim.slots, claim.amounts));
  if (v.admitted) return {};
  return {false, v.message()};
}

std::vector<LimitUse> QuotaCheck::explain(const Claim& claim, const std::vector<Claim>& earlier,
                                          double /*now*/) const {
  static const Labels kNone;
  quota::Admission a(state_, consumerOf(claim.labels ? *claim.labels : kNone), period_, values_,
                     text_);
  for (const Claim& e : earlier) a.take(takeOf(e.host, e.slots, e.amounts));
  quota::HostTake take = takeOf(claim.host, claim.slots, claim.amounts);
  std::vector<LimitUse> out;
  for (const quota::Verdict& v : a.explain(&take, nullptr)) out.push_back(useOf(v));
  return out;
}

}  // namespace openlim::reserve
