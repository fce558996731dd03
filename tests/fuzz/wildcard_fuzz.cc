// libFuzzer target for lsquota's wildcard patterns (util/wildcard.h): the input is a pattern
// and a text (split at the first NUL; the first byte picks case folding). The fast matcher
// must agree with a plain dynamic-programming matcher of the same rules, and stay cheap.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "util/wildcard.h"

namespace {

using openlim::wildcardMatch;

char fold(char c, bool f) {
  return f ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : c;
}

// One pattern element: its length and whether it matches c (the rules of wildcard.h).
size_t element(std::string_view p, size_t i, char c, bool f, bool* match) {
  if (p[i] == '?') {
    *match = true;
    return 1;
  }
  if (p[i] == '[') {
    size_t j = i + 1;
    if (j < p.size() && (p[j] == '!' || p[j] == '^')) ++j;
    if (j < p.size() && p[j] == ']') ++j;
    while (j < p.size() && p[j] != ']') ++j;
    if (j < p.size()) {  // a set p[i, j]
      size_t k = i + 1;
      bool negate = p[k] == '!' || p[k] == '^';
      if (negate) ++k;
      bool in = false;
      for (; k < j;) {
        if (k + 2 < j && p[k + 1] == '-') {
          in = in || (fold(p[k], f) <= fold(c, f) && fold(c, f) <= fold(p[k + 2], f));
          k += 3;
        } else {
          in = in || fold(p[k], f) == fold(c, f);
          ++k;
        }
      }
      *match = in != negate;
      return j + 1 - i;
    }
  }
  *match = fold(p[i], f) == fold(c, f);
  return 1;
}

// at[i][t]: does p[i..] match t[t..]?
bool reference(std::string_view p, std::string_view t, bool f) {
  std::vector<std::vector<char>> at(p.size() + 1, std::vector<char>(t.size() + 1, 0));
  at[p.size()][t.size()] = 1;
  for (size_t i = p.size(); i-- > 0;) {
    for (size_t k = t.size() + 1; k-- > 0;) {
      if (p[i] == '*') {
        at[i][k] = at[i + 1][k] || (k < t.size() && at[i][k + 1]);
        continue;
      }
      if (k == t.size()) continue;
      bool m = false;
      size_t len = element(p, i, t[k], f, &m);
      at[i][k] = m && at[i + len][k + 1];
    }
  }
  return at[0][0];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > 512) return 0;
  bool foldCase = data[0] & 1;
  std::string_view in(reinterpret_cast<const char*>(data + 1), size - 1);
  size_t nul = in.find('\0');
  std::string_view pattern = in.substr(0, nul);
  std::string_view text = nul == in.npos ? std::string_view() : in.substr(nul + 1);
  if (wildcardMatch(pattern, text, foldCase) != reference(pattern, text, foldCase))
    __builtin_trap();
  (void)openlim::hasWildcard(pattern);
  return 0;
}
