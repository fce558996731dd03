#pragma once
// Text from outside (an elim's output, a file name) goes into logs only through this: every
// byte outside printable ASCII, and the backslash, becomes \xNN (\\ for the backslash), so
// a log line can neither carry terminal escape sequences nor be split or forged by a newline.

#include <string>
#include <string_view>

namespace openlim {

// At most maxBytes of `s` are escaped; a longer input ends in "..." (0 = no limit).
std::string escapeForLog(std::string_view s, size_t maxBytes = 0);

}  // namespace openlim
