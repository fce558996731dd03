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

}  // namespace openlim::format
