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
  double value = 1;  // a number attribute's value
  std::string text;  // a string attribute's value (isStringJobAttribute)
  bool isText() const { return isStringJobAttribute(name); }
  static bool isStringJobAttribute(std::string_view upperName) {
    return upperName == "JOB_REQNAME";
  }
};

// The longest value of a string job attribute (a request name), in bytes.
inline constexpr size_t kMaxJobText = 255;

// arg       := name | name blanks? '=' blanks? value   (NQE writes `name = value`)
// name      := letters, digits and '_' (not starting with a digit); JOB_ is added when the
//              name lacks it, so `-a nastran` and `-a JOB_NASTRAN` are the same attribute
// value     := a decimal integer or a decimal floating-point number, in plain or scientific
//              notation (10, 2.5, 1e6, 2.5E-3); without one the value is 1
// JOB_REQNAME, the request name, is NQE's string job attribute: its value is one word of
// printable characters (up to kMaxJobText bytes), never a number, and must be given.
// Refused, each with its own message: a negative value, any sign, hexadecimal, octal (a
// leading 0 followed by a digit), units ("10kw": expand them to a plain number), inf/nan,
// blanks anywhere but around '='.
Result<JobAttribute> parseJobAttribute(std::string_view arg);

// The name rules of parseJobAttribute alone: the upper-case JOB_ name, or kInvalid.
Result<std::string> jobAttributeName(std::string_view name);

// A string job attribute's value: kInvalid unless one printable word of 1 to kMaxJobText
// bytes (the master checks a request's values with it too).
Status checkJobText(std::string_view value);

// Several -a arguments; the same name twice is refused.
inline constexpr size_t kMaxJobAttributes = 256;
Result<std::vector<JobAttribute>> parseJobAttributes(const std::vector<std::string>& args);

}  // namespace openlim::policy
