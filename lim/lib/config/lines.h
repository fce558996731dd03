#pragma once
// Logical lines of an LSF configuration file: comments removed, `\` continuations joined,
// blank lines dropped, each tagged with the line where it starts.

#include <string>
#include <string_view>
#include <vector>

#include "config/diag.h"

namespace openlim::config {

// Longest logical line we accept; longer ones are reported and ignored (a 10 MB line must
// neither exhaust memory nor be half-read).
inline constexpr size_t kMaxLineBytes = 64 * 1024;

struct Line {
  int number = 0;    // 1-based physical line where the logical line starts
  std::string text;  // comment removed, trimmed
};

enum class QuoteStyle { kDouble, kShell };  // kShell also honours '...'

// A file with a NUL byte is binary: reported once (with its line) and read no further.
// Returns true when it was refused.
bool refuseNulByte(std::string_view text, DiagSink& diag);

// Splits text into logical lines. A NUL byte makes the whole file binary: one error, no
// lines. Lines with other control characters or over kMaxLineBytes are reported and dropped.
std::vector<Line> splitLogicalLines(std::string_view text, QuoteStyle quotes, DiagSink& diag);

std::string_view trim(std::string_view s);
std::string lower(std::string_view s);
bool iequals(std::string_view a, std::string_view b);

}  // namespace openlim::config
