// Calendar file lines (see plain_lines.h).
#include "policy/plain_lines.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace openlim::policy {

std::vector<config::Line> splitPlainLines(std::string_view text, std::string_view commentChars,
                                          config::DiagSink& diag) {
  std::vector<config::Line> out;
  if (config::refuseNulByte(text, diag)) return out;
  size_t pos = 0;
  int number = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view raw = text.substr(pos, end - pos);
    pos = end + 1;
    ++number;
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    std::string_view t = config::trim(raw);
    if (t.empty() || commentChars.find(t.front()) != std::string_view::npos) continue;
    if (t.size() > kMaxPlainLineBytes) {
      diag.error(number,
                 "line is longer than " + std::to_string(kMaxPlainLineBytes) + " bytes; ignored");
      continue;
    }
    bool control = std::any_of(t.begin(), t.end(), [](char c) {
      auto u = static_cast<unsigned char>(c);
      return (u < 0x20 && c != '\t') || u == 0x7f;
    });
    if (control) {
      diag.error(number, "line holds control characters (binary data?); ignored");
      continue;
    }
    out.push_back(config::Line{number, std::string(t)});
  }
  return out;
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

}  // namespace openlim::policy
