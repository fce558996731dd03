#pragma once
// Lines of the calendar files (holidays, dedicated): no continuations, no quoting; a line
// whose first non-blank character is one of the comment characters is a comment.

#include <string_view>
#include <vector>

#include "config/diag.h"
#include "config/lines.h"

namespace openlim::policy {

inline constexpr size_t kMaxPlainLineBytes = 4096;

// Non-blank, non-comment lines, trimmed, each with its 1-based number. A NUL byte refuses
// the whole file (one error, no lines); an overlong line or one holding control characters
// is an error and is skipped.
std::vector<config::Line> splitPlainLines(std::string_view text, std::string_view commentChars,
                                          config::DiagSink& diag);

// Blank-separated words of a line.
std::vector<std::string_view> words(std::string_view line);

}  // namespace openlim::policy
