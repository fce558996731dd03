#pragma once
// Job attributes given with `-a name[=value]` (lsplace, the policy tester): values a request
// carries for policies to read as JOB_ names.

#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"

namespace openlim::policy {

struct JobAttribute {
  std::string name;  // upper case, always with the JOB_ prefix
  double value = 1;
};

// name      := letters, digits and '_' (not starting with a digit); JOB_ is added when the
//              name lacks it, so `-a nastran` and `-a JOB_NASTRAN` are the same attribute
// value     := a decimal integer or a decimal floating-point number, in plain or scientific
//              notation (10, 2.5, 1e6, 2.5E-3); without one the value is 1
// Refused, each with its own message: a negative value, any sign, hexadecimal, octal (a
// leading 0 followed by a digit), units ("10kw": expand them to a plain number), inf/nan.
Result<JobAttribute> parseJobAttribute(std::string_view arg);

// Several -a arguments; the same name twice is refused.
inline constexpr size_t kMaxJobAttributes = 256;
Result<std::vector<JobAttribute>> parseJobAttributes(const std::vector<std::string>& args);

}  // namespace openlim::policy
