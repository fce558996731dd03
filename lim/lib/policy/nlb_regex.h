#pragma once
// Load-time check of the regular expressions inside `[attr == "regex"]`.

#include <string_view>

#include "openlim/status.h"

namespace openlim::policy {

// Flags every NLB pattern is compiled with: POSIX extended, case-insensitive, a yes/no
// answer only (no sub-match offsets). Matching is unanchored, as grep's.
int nlbRegexFlags();

// Ok when the pattern compiles with nlbRegexFlags() and stays within the size limits:
// at most kMaxRegexBytes bytes, and bounded repeats ("{m,n}") whose counts multiply to at
// most kMaxRegexRepeatProduct (a pattern like "(a{200}){200}" makes the C library build a
// huge automaton; refusing it keeps reading a file cheap). `at` is the offset reported.
inline constexpr long kMaxRegexRepeatProduct = 1000;
Status checkNlbRegex(std::string_view pattern, int at);

}  // namespace openlim::policy
