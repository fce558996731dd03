#include "util/log_escape.h"

namespace openlim {

std::string escapeForLog(std::string_view s, size_t maxBytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  bool clipped = maxBytes > 0 && s.size() > maxBytes;
  if (clipped) s = s.substr(0, maxBytes);
  std::string out;
  out.reserve(s.size() + 3);
  for (unsigned char c : s) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 0xf];
    }
  }
  if (clipped) out += "...";
  return out;
}

}  // namespace openlim
