#pragma once
// UTF-8 validity, byte by byte: what the JSON writer and the terminal output both need to
// keep text from a file or a request that is not valid UTF-8 from passing through raw. Pure.

#include <cstddef>
#include <string_view>

namespace openlim::format {

// The length (2 to 4) of the well-formed UTF-8 sequence that starts at s[i] (a byte of 0x80
// or more), or 0 when none does there: a stray continuation byte, an overlong form, a
// surrogate, a code point past U+10FFFF, or a sequence cut short.
size_t utf8SequenceAt(std::string_view s, size_t i);

// U+FFFD, what an invalid byte becomes in JSON text.
inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

}  // namespace openlim::format
