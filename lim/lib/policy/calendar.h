#pragma once
// The calendar: which period a wall-clock time falls in (prime, non-prime or dedicated),
// and the policy a request gets in it. Pure: the caller passes the local time.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"
#include "policy/dedicated_file.h"
#include "policy/holidays_file.h"
#include "policy/local_time.h"
#include "policy/policies_file.h"

namespace openlim::policy {

enum class Period : uint8_t { kPrime, kNonPrime, kDedicated };
const char* periodName(Period p);  // "prime", "non_prime", "dedicated"

struct PeriodInfo {
  Period period = Period::kPrime;
  std::string policy;   // kDedicated: the window's policy, empty when it names none
  int windowLine = 0;   // kDedicated: the window's line in the dedicated file
  LocalTime windowEnd;  // kDedicated: when the window ends
};

class Calendar {
 public:
  // No files: prime time around the clock, no dedicated time.
  Calendar() = default;
  Calendar(std::optional<Holidays> holidays, std::vector<DedicatedWindow> windows)
      : holidays_(std::move(holidays)), windows_(std::move(windows)) {}

  // Dedicated windows win over everything; then holidays are non-prime all day; then the
  // day's rule decides. REQUIRES: isValid(t) (an invalid time reads as prime).
  PeriodInfo periodAt(const LocalTime& t) const;

  const std::optional<Holidays>& holidays() const { return holidays_; }
  const std::vector<DedicatedWindow>& windows() const { return windows_; }

 private:
  std::optional<Holidays> holidays_;
  std::vector<DedicatedWindow> windows_;
};

// May a policy with this `when` be used in this period? all = prime and non-prime;
// dedicated time is only for dedicated policies (and the window's own policy).
bool allowedIn(When when, Period period);

// The policy for a request at a period. Without a name: the window's policy in dedicated
// time when it names one, else the first policy whose `when` allows the period. With a name
// (case-insensitive): that policy, refused when it is unknown (kNotFound) or not allowed in
// the period (kUnavailable, with the period in the message).
Result<const Policy*> choosePolicy(const PolicySet& set, const PeriodInfo& at,
                                   std::string_view requested);

}  // namespace openlim::policy
