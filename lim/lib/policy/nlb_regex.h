#pragma once
// Load-time check of the regular expressions inside `[attr == "regex"]`.

#include <string_view>

#include "openlim/status.h"

namespace openlim::policy {

// Flags every NLB pattern is compiled with: POSIX extended, case-insensitive, a yes/no
// answer only (no sub-match offsets). Matching is unanchored, as grep's.
int nlbRegexFlags();

// Ok when the pattern compiles with nlbRegexFlags() and stays within the size limits:
// at most kMaxRegexBytes bytes, and an estimated compiled size of at most kMaxRegexCost.
// The C library copies the sub-pattern under '+' and "{m,n}", so "(a{200}){200}" or
// "a+++++++++++++++++++++" would make it build a huge automaton: such patterns are refused,
// which keeps reading a file cheap. `at` is the offset reported.
inline constexpr long kMaxRegexCost = 4096;
Status checkNlbRegex(std::string_view pattern, int at);

}  // namespace openlim::policy
