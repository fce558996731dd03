// The lsf.dedicated reader (see dedicated_file.h).
#include "policy/dedicated_file.h"

#include <algorithm>
#include <optional>

#include "config/diag.h"
#include "policy/plain_lines.h"
#include "policy/policies_file.h"

namespace openlim::policy {

using config::DiagSink;
using config::q;

int DedicatedLoad::errors() const {
  return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                        [](auto& d) { return d.severity == Severity::kError; }));
}

namespace {

// 1 or 2 digits within [lo, hi]; nullopt otherwise.
std::optional<int> smallNumber(std::string_view s, size_t minDigits, size_t maxDigits, int lo,
                               int hi) {
  if (s.size() < minDigits || s.size() > maxDigits) return std::nullopt;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

// MM/DD/YYYY and HH:MM as two words.
std::optional<LocalTime> dateTime(std::string_view date, std::string_view time) {
  size_t s1 = date.find('/'), s2 = date.rfind('/');
  size_t colon = time.find(':');
  if (s1 == std::string_view::npos || s1 == s2 || colon == std::string_view::npos)
    return std::nullopt;
  auto month = smallNumber(date.substr(0, s1), 1, 2, 1, 12);
  auto day = smallNumber(date.substr(s1 + 1, s2 - s1 - 1), 1, 2, 1, 31);
  auto year = smallNumber(date.substr(s2 + 1), 4, 4, 1970, 9999);
  auto hour = smallNumber(time.substr(0, colon), 1, 2, 0, 23);
  auto minute = smallNumber(time.substr(colon + 1), 2, 2, 0, 59);
  if (!month || !day || !year || !hour || !minute) return std::nullopt;
  if (!isValidDate(*year, *month, *day)) return std::nullopt;
  return LocalTime{*year, *month, *day, *hour, *minute};
}

bool isPolicyName(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '-';
  });
}

// window := date time date time [policy]
void windowLine(const config::Line& l, DiagSink& diag, std::vector<DedicatedWindow>& out) {
  std::vector<std::string_view> w = words(l.text);
  if (w.size() < 4 || w.size() > 5) {
    diag.error(l.number, "malformed window " + q(l.text) +
                             "; expected <MM/DD/YYYY HH:MM MM/DD/YYYY HH:MM [policy]>");
    return;
  }
  auto start = dateTime(w[0], w[1]), end = dateTime(w[2], w[3]);
  if (!start || !end) {
    std::string bad = !start ? std::string(w[0]) + " " + std::string(w[1])
                             : std::string(w[2]) + " " + std::string(w[3]);
    diag.error(l.number, q(bad) + " is not a date and time MM/DD/YYYY HH:MM");
    return;
  }
  DedicatedWindow win{*start, *end, minuteStamp(*start), minuteStamp(*end), "", l.number};
  if (w.size() == 5) {
    if (!isPolicyName(w[4])) {
      diag.error(l.number, "bad policy name " + q(std::string(w[4])));
      return;
    }
    win.policy = std::string(w[4]);
  }
  if (win.endStamp <= win.startStamp) {
    diag.error(l.number, "the window ends (" + formatLocal(*end) + ") at or before it starts (" +
                             formatLocal(*start) + ")");
    return;
  }
  for (const DedicatedWindow& o : out)
    if (win.startStamp < o.endStamp && o.startStamp < win.endStamp) {
      diag.error(l.number, "the window overlaps the one at line " + std::to_string(o.line));
      return;
    }
  if (out.size() >= kMaxDedicatedWindows) {
    diag.error(l.number, "more than " + std::to_string(kMaxDedicatedWindows) + " windows");
    return;
  }
  out.push_back(std::move(win));
}

}  // namespace

DedicatedLoad parseDedicated(std::string_view text, const std::string& file) {
  DedicatedLoad load;
  DiagSink sink(file, &load.diagnostics);
  for (const config::Line& l : splitPlainLines(text, "#*", sink)) windowLine(l, sink, load.windows);
  std::stable_sort(load.diagnostics.begin(), load.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  return load;
}

void checkDedicatedPolicies(const std::vector<DedicatedWindow>& windows, const PolicySet& set,
                            const std::string& file, std::vector<Diagnostic>* out) {
  DiagSink sink(file, out);
  for (const DedicatedWindow& w : windows)
    if (!w.policy.empty() && !set.find(w.policy))
      sink.error(w.line, "policy " + q(w.policy) + " is not defined in the policies file");
}

}  // namespace openlim::policy
