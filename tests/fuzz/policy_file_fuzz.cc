// Fuzz the lsf.policies reader and the policy choice over what it read.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "policy/calendar.h"
#include "policy/policies_file.h"

using namespace openlim::policy;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  PoliciesLoad l = parsePolicies(text, "lsf.policies");
  for (const auto& d : l.diagnostics)
    if (d.message.empty() || d.line < 0) __builtin_trap();
  if (l.set.policies().size() > kMaxPolicies) __builtin_trap();
  for (const Policy& p : l.set.policies()) {
    if (p.name.empty() || p.constraints.size() > kMaxConstraintsPerPolicy) __builtin_trap();
    for (OptionPeriod op : {OptionPeriod::kAll, OptionPeriod::kPrime, OptionPeriod::kNonPrime})
      if (p.count.in(op) < 0) __builtin_trap();
    if (l.set.find(p.name) == nullptr) __builtin_trap();
  }
  (void)attributesRead(l.set);
  for (Period period : {Period::kPrime, Period::kNonPrime, Period::kDedicated}) {
    PeriodInfo at;
    at.period = period;
    auto chosen = choosePolicy(l.set, at, "");
    if (chosen && !allowedIn((*chosen)->when, period)) __builtin_trap();
  }
  return 0;
}
