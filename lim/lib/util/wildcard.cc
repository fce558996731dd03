// Shell-style wildcards (see wildcard.h).
#include "util/wildcard.h"

#include <cctype>
#include <cstddef>

namespace openlim {

namespace {

char fold(char c, bool foldCase) {
  return foldCase ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : c;
}

// The end of the bracket expression starting at p[i] == '[' (the index just past its `]`),
// or npos when it has none. A `]` right after `[` or `[!` is a member, not the end.
size_t bracketEnd(std::string_view p, size_t i) {
  size_t j = i + 1;
  if (j < p.size() && (p[j] == '!' || p[j] == '^')) ++j;
  if (j < p.size() && p[j] == ']') ++j;
  while (j < p.size() && p[j] != ']') ++j;
  return j < p.size() ? j + 1 : std::string_view::npos;
}

// Does c belong to the bracket expression p[i, end)?
bool inBracket(std::string_view p, size_t i, size_t end, char c, bool foldCase) {
  size_t j = i + 1;
  bool negate = p[j] == '!' || p[j] == '^';
  if (negate) ++j;
  bool in = false;
  c = fold(c, foldCase);
  while (j < end - 1) {  // end - 1 is the closing `]`
    char lo = fold(p[j], foldCase);
    if (j + 2 < end - 1 && p[j + 1] == '-') {
      char hi = fold(p[j + 2], foldCase);
      in = in || (lo <= c && c <= hi);
      j += 3;
    } else {
      in = in || lo == c;
      ++j;
    }
  }
  return in != negate;
}

// Does the pattern element at p[i] match c? Sets *next to the index after the element.
bool matchOne(std::string_view p, size_t i, char c, bool foldCase, size_t* next) {
  if (p[i] == '?') {
    *next = i + 1;
    return true;
  }
  if (p[i] == '[') {
    size_t end = bracketEnd(p, i);
    if (end != std::string_view::npos) {
      *next = end;
      return inBracket(p, i, end, c, foldCase);
    }
  }
  *next = i + 1;
  return fold(p[i], foldCase) == fold(c, foldCase);
}

}  // namespace

bool hasWildcard(std::string_view pattern) {
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '*' || pattern[i] == '?') return true;
    if (pattern[i] == '[' && bracketEnd(pattern, i) != std::string_view::npos) return true;
  }
  return false;
}

// The classic two-cursor match: on a mismatch, go back to just after the last `*` and let
// it take one more character. Only the last star is ever resumed (an earlier one can never
// do better), so each text position is retried at most once per pattern element.
bool wildcardMatch(std::string_view p, std::string_view t, bool foldCase) {
  size_t pi = 0, ti = 0;
  size_t starP = std::string_view::npos, starT = 0;
  while (ti < t.size()) {
    size_t next = 0;
    if (pi < p.size() && p[pi] == '*') {
      starP = ++pi;
      starT = ti;
    } else if (pi < p.size() && matchOne(p, pi, t[ti], foldCase, &next)) {
      pi = next;
      ++ti;
    } else if (starP != std::string_view::npos) {
      pi = starP;
      ti = ++starT;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

}  // namespace openlim
