#pragma once
// Resource requirement lexer: bytes to tokens with 0-based byte offsets. Knows no config.

#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"

namespace openlim::resreq {

enum class Tok {
  kIdent,
  kNumber,
  kString,
  kLBracket,
  kRBracket,
  kLParen,
  kRParen,
  kColon,
  kAssign,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kAnd,
  kOr,
  kNot,
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kEnd,
};

struct Token {
  Tok kind = Tok::kEnd;
  int pos = 0;       // byte offset of the first character
  int end = 0;       // one past the last character
  std::string text;  // identifier, string contents, number digits, or operator spelling
  std::string unit;  // letters right after a number ("G", "MB", "h"); empty when none
  double number = 0;
};

// Splits text into tokens, ending with kEnd. Errors: a character that starts no token, an
// unterminated quote, a malformed number.
Result<std::vector<Token>> tokenize(std::string_view text);

// The syntax error format every phase uses:
// "Bad resource requirement syntax: <text> at <pos>: <detail>" (a text over 160 bytes is
// quoted as an excerpt around pos, marked with "...").
Status syntaxError(std::string_view text, int pos, const std::string& detail);

// How a token reads in a message: 'mem', '>', "end of string".
std::string describe(const Token& t);

}  // namespace openlim::resreq
