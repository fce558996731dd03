// Strict whole-token number parsing (see strict_number.h for the accepted grammar).
#include "util/strict_number.h"

#include <cctype>

#include <charconv>
#include <cmath>
#include <string>

namespace openlim {

namespace {

Status badNumber(std::string_view token, const char* why) {
  return Status(Code::kInvalid, "bad number <" + std::string(token) + ">" + why);
}

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

// Checks the decimal-float shape by hand first, so that from_chars' extras (inf, nan,
// "infinity") can never slip through. Rule: sign? (digits (. digits?)? | . digits) exp?
bool hasDecimalShape(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  size_t intDigits = 0, fracDigits = 0;
  while (i < s.size() && isDigit(s[i])) ++i, ++intDigits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && isDigit(s[i])) ++i, ++fracDigits;
  }
  if (intDigits + fracDigits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t expDigits = 0;
    while (i < s.size() && isDigit(s[i])) ++i, ++expDigits;
    if (expDigits == 0) return false;
  }
  return i == s.size();
}

}  // namespace

Result<double> parseDouble(std::string_view token) {
  if (token.empty()) return badNumber(token, ": empty");
  if (!hasDecimalShape(token)) return badNumber(token, "");
  std::string_view body = token[0] == '+' ? token.substr(1) : token;
  double value = 0;
  auto [ptr, ec] = std::from_chars(body.data(), body.data() + body.size(), value);
  if (ec == std::errc::result_out_of_range) return badNumber(token, ": out of range");
  if (ec != std::errc() || ptr != body.data() + body.size()) return badNumber(token, "");
  if (!std::isfinite(value)) return badNumber(token, ": out of range");
  return value;
}

Result<int64_t> parseInt64(std::string_view token) {
  if (token.empty()) return badNumber(token, ": empty");
  bool plus = token[0] == '+';
  std::string_view body = plus ? token.substr(1) : token;
  if (body.empty() || body[0] == '+' || (plus && body[0] == '-')) return badNumber(token, "");
  size_t start = body[0] == '-' ? 1 : 0;
  if (start == body.size()) return badNumber(token, "");
  for (size_t i = start; i < body.size(); ++i)
    if (!isDigit(body[i])) return badNumber(token, ": not an integer");
  int64_t value = 0;
  auto [ptr, ec] = std::from_chars(body.data(), body.data() + body.size(), value);
  if (ec == std::errc::result_out_of_range) return badNumber(token, ": out of range");
  if (ec != std::errc() || ptr != body.data() + body.size()) return badNumber(token, "");
  return value;
}

Result<int> parseInt(std::string_view token) {
  auto v = parseInt64(token);
  if (!v) return v.status();
  if (*v < INT32_MIN || *v > INT32_MAX) return badNumber(token, ": out of range");
  return static_cast<int>(*v);
}

std::optional<double> toDouble(std::string_view token) {
  auto v = parseDouble(token);
  if (!v) return std::nullopt;
  return *v;
}

std::optional<int64_t> toInt64(std::string_view token) {
  auto v = parseInt64(token);
  if (!v) return std::nullopt;
  return *v;
}

bool readsAsNumber(std::string_view word) {
  if (word.empty()) return false;
  std::string_view body = (word[0] == '+' || word[0] == '-') ? word.substr(1) : word;
  if (hasDecimalShape(word)) return true;
  std::string lower(body);
  for (auto& c : lower) c = static_cast<char>(tolower(static_cast<unsigned char>(c)));
  if (lower == "inf" || lower == "nan" || lower == "infinity") return true;
  return lower.size() > 2 && lower[0] == '0' && lower[1] == 'x';
}

}  // namespace openlim
