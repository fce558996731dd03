#include "resreq/lexer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace openlim::resreq {
namespace {

bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool isDigit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

struct OpSpelling {
  const char* text;
  Tok kind;
};
// Two-character operators first so "<=" is not read as "<" "=".
constexpr OpSpelling kOps[] = {
    {"==", Tok::kEq},    {"!=", Tok::kNe},    {"<=", Tok::kLe},      {">=", Tok::kGe},
    {"&&", Tok::kAnd},   {"||", Tok::kOr},    {"<", Tok::kLt},       {">", Tok::kGt},
    {"!", Tok::kNot},    {"=", Tok::kAssign}, {"+", Tok::kPlus},     {"-", Tok::kMinus},
    {"*", Tok::kStar},   {"/", Tok::kSlash},  {"[", Tok::kLBracket}, {"]", Tok::kRBracket},
    {"(", Tok::kLParen}, {")", Tok::kRParen}, {":", Tok::kColon},
};

// number := hex | digits ['.' digits] [exponent] | '.' digits [exponent], then unit letters.
size_t scanNumber(std::string_view s, size_t i, Token& t) {
  size_t start = i;
  if (s[i] == '0' && i + 2 < s.size() && (s[i + 1] == 'x' || s[i + 1] == 'X') &&
      std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
    i += 2;
    while (i < s.size() && std::isxdigit(static_cast<unsigned char>(s[i]))) ++i;
    t.text = std::string(s.substr(start, i - start));
    t.number = static_cast<double>(std::strtoull(t.text.c_str() + 2, nullptr, 16));
    return i;
  }
  while (i < s.size() && isDigit(s[i])) ++i;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && isDigit(s[i])) ++i;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
    if (j < s.size() && isDigit(s[j])) {
      i = j;
      while (i < s.size() && isDigit(s[i])) ++i;
    }
  }
  t.text = std::string(s.substr(start, i - start));
  t.number = std::strtod(t.text.c_str(), nullptr);
  size_t u = i;
  while (u < s.size() && std::isalpha(static_cast<unsigned char>(s[u]))) ++u;
  t.unit = std::string(s.substr(i, u - i));
  return u;
}

// A long request is quoted around the error, not whole (it may be 64 KiB).
std::string excerpt(std::string_view text, int pos) {
  constexpr size_t kWhole = 160, kBefore = 60, kAfter = 40;
  if (text.size() <= kWhole) return std::string(text);
  size_t at = std::min(static_cast<size_t>(std::max(pos, 0)), text.size());
  size_t from = at > kBefore ? at - kBefore : 0;
  size_t to = std::min(text.size(), at + kAfter);
  return (from > 0 ? "..." : "") + std::string(text.substr(from, to - from)) +
         (to < text.size() ? "..." : "");
}

}  // namespace

Status syntaxError(std::string_view text, int pos, const std::string& detail) {
  return Status(Code::kInvalid,
                "Bad resource requirement syntax: " + excerpt(text, pos) + " at " +
                    std::to_string(pos) + ": " + detail,
                SourcePos{.offset = pos});
}

std::string describe(const Token& t) {
  switch (t.kind) {
    case Tok::kEnd:
      return "end of string";
    case Tok::kString:
      return "'\"" + t.text + "\"'";
    case Tok::kNumber:
      return "'" + t.text + t.unit + "'";
    default:
      return "'" + t.text + "'";
  }
}

Result<std::vector<Token>> tokenize(std::string_view s) {
  std::vector<Token> out;
  size_t i = 0;
  while (true) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    Token t;
    t.pos = static_cast<int>(i);
    if (i >= s.size()) {
      t.kind = Tok::kEnd;
      t.end = t.pos;
      out.push_back(std::move(t));
      return out;
    }
    char c = s[i];
    if (isIdentStart(c)) {
      size_t j = i;
      while (j < s.size() && isIdentChar(s[j])) ++j;
      t.kind = Tok::kIdent;
      t.text = std::string(s.substr(i, j - i));
      i = j;
    } else if (isDigit(c) || (c == '.' && i + 1 < s.size() && isDigit(s[i + 1]))) {
      t.kind = Tok::kNumber;
      i = scanNumber(s, i, t);
      if (!std::isfinite(t.number))
        return syntaxError(s, t.pos, "number '" + t.text + "' out of range");
    } else if (c == '"' || c == '\'') {
      size_t close = s.find(c, i + 1);
      if (close == std::string_view::npos)
        return syntaxError(s, t.pos, std::string("unterminated string starting with ") + c);
      t.kind = Tok::kString;
      t.text = std::string(s.substr(i + 1, close - i - 1));
      i = close + 1;
    } else {
      bool found = false;
      for (const auto& op : kOps) {
        std::string_view sp(op.text);
        if (s.substr(i, sp.size()) == sp) {
          t.kind = op.kind;
          t.text = op.text;
          i += sp.size();
          found = true;
          break;
        }
      }
      if (!found) {
        char bad[8];
        if (std::isprint(static_cast<unsigned char>(c)))
          std::snprintf(bad, sizeof bad, "%c", c);
        else
          std::snprintf(bad, sizeof bad, "\\x%02x", static_cast<unsigned char>(c));
        return syntaxError(s, t.pos, std::string("unexpected character '") + bad + "'");
      }
    }
    t.end = static_cast<int>(i);
    out.push_back(std::move(t));
  }
}

}  // namespace openlim::resreq
