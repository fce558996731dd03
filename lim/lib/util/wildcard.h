#pragma once
// Shell-style wildcard patterns, as Grid Engine's commands take them for names (wc_user,
// wc_host, wc_project, wc_pe_name, wc_cqueue): `*` any run of characters, `?` one character,
// `[abc]`, `[a-z]` one of a set, `[!abc]` (or `[^abc]`) one outside it. Every other
// character, `\` included, stands for itself; a `[` without its `]` is an ordinary
// character. Pure; the cost is at most O(pattern size * text size), whatever the pattern
// (no backtracking that grows with the number of stars).

#include <string_view>

namespace openlim {

// Does the pattern hold a wildcard (else it names one value exactly)?
bool hasWildcard(std::string_view pattern);

// Does the whole text match the pattern? foldCase: compare letters without case (host
// names).
bool wildcardMatch(std::string_view pattern, std::string_view text, bool foldCase = false);

}  // namespace openlim
