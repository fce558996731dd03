#pragma once
// Strict number parsing shared by every parser (docs/architecture.md: never a silent 0).
// A token is accepted only when the WHOLE token is a finite decimal number: no leading or
// trailing blanks, no hex (0x1f), no NaN/Inf spellings, no trailing junk ("5MB", "1e"),
// no overflow. Callers that allow units or blanks strip them before calling.

#include <cstdint>
#include <optional>
#include <string_view>

#include "openlim/status.h"

namespace openlim {

// Decimal floating point: [+-]digits[.digits][(e|E)[+-]digits], also ".5" and "5.".
// Errors are Code::kInvalid with a message naming the token ("bad number <5x>").
Result<double> parseDouble(std::string_view token);

// Decimal integer: [+-]digits, fits in int64_t. "1.0" and "1e3" are rejected.
Result<int64_t> parseInt64(std::string_view token);

// As parseInt64, and the value must fit in int.
Result<int> parseInt(std::string_view token);

// Convenience forms for code that only needs yes/no.
std::optional<double> toDouble(std::string_view token);
std::optional<int64_t> toInt64(std::string_view token);

// True when a word would be read as a number by some parser (digits, "inf", "nan",
// "infinity", hex), so it must not be used as a resource name.
bool readsAsNumber(std::string_view word);

}  // namespace openlim
