#include "format/text.h"

#include <algorithm>
#include <cctype>

#include "format/utf8.h"

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

namespace {

// The first `max` bytes of s or fewer, not splitting a UTF-8 character, and "..." when cut.
std::string clipRaw(std::string_view s, size_t max) {
  if (s.size() <= max) return std::string(s);
  size_t cut = max;
  // Back up over UTF-8 continuation bytes (10xxxxxx) so no character is split.
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return std::string(s.substr(0, cut)) + "...";
}

bool isBlank(char c) {
  return c == ' ' || c == '\t';
}

bool isPunct(char c) {
  return c > 0x20 && c < 0x7f && !std::isalnum(static_cast<unsigned char>(c));
}

// Every run of non-blank bytes whose core (the run less the ASCII punctuation at its ends:
// the quotes, brackets and colon around an echo) is longer than kMaxEcho has its core
// clipped. An echo already clipped (120 bytes and "...") is left as it is. One pass: linear.
std::string clipLongWords(const std::string& message) {
  std::string out;
  out.reserve(std::min(message.size(), kMaxMessage * 2));
  for (size_t i = 0; i < message.size();) {
    size_t end = i;
    while (end < message.size() && !isBlank(message[end])) ++end;
    size_t from = i, to = end;
    while (from < to && isPunct(message[from])) ++from;
    while (to > from && isPunct(message[to - 1])) --to;
    std::string_view word(message.data() + from, to - from);
    out.append(message, i, from - i);
    out += word.size() > kMaxEcho ? clipRaw(word, kMaxEcho) : std::string(word);
    out.append(message, to, end - to);
    for (i = end; i < message.size() && isBlank(message[i]); ++i) out += message[i];
  }
  return out;
}

}  // namespace

std::string printable(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      if (size_t len = utf8SequenceAt(s, i); len > 0) {
        out.append(s.substr(i, len));
        i += len - 1;
        continue;
      }
    } else if (c >= 0x20 && c != 0x7f) {
      out += static_cast<char>(c);
      continue;
    }
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 0xf];
  }
  return out;
}

std::string clipEcho(std::string_view s, size_t max) {
  return printable(clipRaw(s, max));
}

std::string clipEchoes(std::string message, const std::vector<std::string>& inputs) {
  for (const auto& in : inputs) {
    if (in.size() <= kMaxEcho) continue;
    std::string shortText = clipRaw(in, kMaxEcho);
    for (size_t at = message.find(in); at != std::string::npos;
         at = message.find(in, at + shortText.size()))
      message.replace(at, in.size(), shortText);
  }
  return printable(clipRaw(clipLongWords(message), kMaxMessage));
}

}  // namespace openlim::format
