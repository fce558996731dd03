// Logical line splitting (see lines.h).
#include "config/lines.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace openlim::config {

std::string_view trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
  return s.substr(b, e - b);
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

namespace {

// Cuts a physical line at the first '#' outside quotes.
std::string_view stripComment(std::string_view s, QuoteStyle quotes) {
  char open = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (open) {
      if (c == open) open = 0;
    } else if (c == '"' || (c == '\'' && quotes == QuoteStyle::kShell)) {
      open = c;
    } else if (c == '#') {
      return s.substr(0, i);
    }
  }
  return s;
}

bool hasControlChar(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) {
    auto u = static_cast<unsigned char>(c);
    return (u < 0x20 && c != '\t') || u == 0x7f;
  });
}

// State of the logical line being assembled from continued physical lines.
struct Pending {
  int start = 0;
  std::string text;
  bool tooLong = false;
  bool control = false;
};

void finish(Pending& p, std::vector<Line>& out, DiagSink& diag) {
  if (p.tooLong) {
    diag.warn(p.start, "line is longer than " + std::to_string(kMaxLineBytes) + " bytes; ignored");
  } else if (p.control) {
    diag.warn(p.start, "line holds control characters (binary data?); ignored");
  } else {
    std::string_view t = trim(p.text);
    if (!t.empty()) out.push_back(Line{p.start, std::string(t)});
  }
  p = Pending{};
}

}  // namespace

bool refuseNulByte(std::string_view text, DiagSink& diag) {
  const void* nul = std::memchr(text.data(), 0, text.size());
  if (!nul) return false;
  auto at = static_cast<const char*>(nul) - text.data();
  int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
  diag.error(line, "binary data (NUL byte) in file; file not read");
  return true;
}

std::vector<Line> splitLogicalLines(std::string_view text, QuoteStyle quotes, DiagSink& diag) {
  std::vector<Line> out;
  if (refuseNulByte(text, diag)) return out;
  Pending p;
  size_t pos = 0;
  int number = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view phys = text.substr(pos, end - pos);
    pos = end + 1;
    ++number;
    if (p.start == 0) p.start = number;
    if (!phys.empty() && phys.back() == '\r') phys.remove_suffix(1);
    if (phys.size() + p.text.size() > kMaxLineBytes) p.tooLong = true;
    std::string_view body = trim(stripComment(phys, quotes));
    bool continued = !body.empty() && body.back() == '\\';
    if (continued) body.remove_suffix(1);
    if (!p.tooLong) {
      if (hasControlChar(body)) p.control = true;
      p.text.append(body);
      if (continued) p.text.push_back(' ');
    }
    if (!continued) finish(p, out, diag);
  }
  if (p.start != 0) finish(p, out, diag);
  return out;
}

}  // namespace openlim::config
