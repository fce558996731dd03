// Periods and the policy choice (see calendar.h).
#include "policy/calendar.h"

#include "config/diag.h"
#include "config/lines.h"

namespace openlim::policy {

using config::q;

const char* periodName(Period p) {
  switch (p) {
    case Period::kPrime:
      return "prime";
    case Period::kNonPrime:
      return "non_prime";
    case Period::kDedicated:
      return "dedicated";
  }
  return "prime";
}

PeriodInfo Calendar::periodAt(const LocalTime& t) const {
  PeriodInfo info;
  if (!isValid(t)) return info;
  int64_t stamp = minuteStamp(t);
  for (const DedicatedWindow& w : windows_)
    if (w.contains(stamp)) {
      info.period = Period::kDedicated;
      info.policy = w.policy;
      info.windowLine = w.line;
      info.windowEnd = w.end;
      return info;
    }
  if (holidays_ && !holidays_->isPrime(t)) info.period = Period::kNonPrime;
  return info;
}

bool allowedIn(When when, Period period) {
  switch (when) {
    case When::kAll:
      return period != Period::kDedicated;
    case When::kPrime:
      return period == Period::kPrime;
    case When::kNonPrime:
      return period == Period::kNonPrime;
    case When::kDedicated:
      return period == Period::kDedicated;
  }
  return false;
}

namespace {

std::string periodText(const PeriodInfo& at) {
  std::string s = std::string("it is ") + periodName(at.period) + " time now";
  if (at.period == Period::kDedicated) s += ", until " + formatLocal(at.windowEnd);
  return s;
}

}  // namespace

Result<const Policy*> choosePolicy(const PolicySet& set, const PeriodInfo& at,
                                   std::string_view requested) {
  if (set.empty()) return Status(Code::kNotFound, "no policies are defined");
  bool windowPolicy = at.period == Period::kDedicated && !at.policy.empty();
  if (requested.empty()) {
    if (windowPolicy) {
      if (const Policy* p = set.find(at.policy)) return p;
      return Status(Code::kNotFound,
                    "the dedicated window names policy " + q(at.policy) + ", which is not defined");
    }
    for (const Policy& p : set.policies())
      if (allowedIn(p.when, at.period)) return &p;
    return Status(
        Code::kUnavailable,
        "no policy may be used now (" + periodText(at) + "; no policy has when: " +
            (at.period == Period::kDedicated ? "dedicated"
                                             : "all or " + std::string(periodName(at.period))) +
            ")");
  }
  const Policy* p = set.find(requested);
  if (!p) return Status(Code::kNotFound, "unknown policy " + q(std::string(requested)));
  if (windowPolicy && config::iequals(p->name, at.policy)) return p;
  if (!allowedIn(p->when, at.period))
    return Status(
        Code::kUnavailable,
        "policy " + q(p->name) + " is for " +
            (p->when == When::kAll ? std::string("prime and non_prime") : whenName(p->when)) +
            " time only; " + periodText(at));
  return p;
}

}  // namespace openlim::policy
