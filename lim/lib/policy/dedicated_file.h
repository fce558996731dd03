#pragma once
// The lsf.dedicated file: windows of dedicated time, one a line.
//
//   # comment ('*' at the start of a line is a comment too)
//   MM/DD/YYYY HH:MM  MM/DD/YYYY HH:MM  [policy]
//
// A window starts at its first time (included) and ends at its second (excluded). The
// optional policy is the one requests get by default inside the window.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "openlim/config.h"
#include "policy/local_time.h"

namespace openlim::policy {

class PolicySet;

struct DedicatedWindow {
  LocalTime start, end;
  int64_t startStamp = 0, endStamp = 0;  // minuteStamp() of start and end
  std::string policy;                    // empty: none named
  int line = 0;

  bool contains(int64_t stamp) const { return stamp >= startStamp && stamp < endStamp; }
};

struct DedicatedLoad {
  std::vector<DedicatedWindow> windows;  // in file order
  std::vector<Diagnostic> diagnostics;
  int errors() const;
};

inline constexpr size_t kMaxDedicatedWindows = 1000;

// Errors: malformed times, a window that ends at or before its start, windows that overlap.
DedicatedLoad parseDedicated(std::string_view text, const std::string& file);

// Each named policy must exist in the policies file (errors appended to out, named by the
// dedicated file's line).
void checkDedicatedPolicies(const std::vector<DedicatedWindow>& windows, const PolicySet& set,
                            const std::string& file, std::vector<Diagnostic>* out);

}  // namespace openlim::policy
