#include "format/text.h"

#include <algorithm>

namespace openlim::format {

std::string padRight(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

std::string padLeft(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string rstrip(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

void Column::fit() {
  width = std::max(width, header.size() + 1);
  for (const auto& c : cells) width = std::max(width, c.size() + 1);
}

std::string wrapWords(const std::vector<std::string>& words, size_t startColumn, size_t limit,
                      size_t indent) {
  std::string out;
  size_t col = startColumn;
  bool first = true;
  for (const auto& w : words) {
    // A word that starts a line is never moved: a long name may pass the limit.
    if (!first && col + 1 + w.size() > limit) {
      out += "\n" + std::string(indent, ' ');
      col = indent;
      first = true;
    }
    if (!first) {
      out += ' ';
      ++col;
    }
    out += w;
    col += w.size();
    first = false;
  }
  return out;
}

std::string clipEcho(std::string_view s, size_t max) {
  if (s.size() <= max) return std::string(s);
  size_t cut = max;
  // Back up over UTF-8 continuation bytes (10xxxxxx) so no character is split.
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return std::string(s.substr(0, cut)) + "...";
}

std::string clipEchoes(std::string message, const std::vector<std::string>& inputs) {
  for (const auto& in : inputs) {
    if (in.size() <= kMaxEcho) continue;
    std::string shortText = clipEcho(in);
    for (size_t at = message.find(in); at != std::string::npos;
         at = message.find(in, at + shortText.size()))
      message.replace(at, in.size(), shortText);
  }
  return clipEcho(message, kMaxMessage);
}

}  // namespace openlim::format
