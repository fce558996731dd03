#pragma once
// NLB expression lexer: bytes to tokens with 0-based byte offsets.

#include <string>
#include <string_view>
#include <vector>

#include "openlim/status.h"

namespace openlim::policy {

enum class NlbTok {
  kName,
  kNumber,
  kString,
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kEq,
  kNe,
  kLt,
  kLe,
  kGt,
  kGe,
  kImplies,
  kAnd,
  kOr,
  kXor,
  kNot,
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kEnd,
};

struct NlbToken {
  NlbTok kind = NlbTok::kEnd;
  int pos = 0;       // first byte
  int end = 0;       // one past the last byte
  std::string text;  // name as written, string contents, number or operator spelling
  double number = 0;
};

// Splits an expression into tokens ending with kEnd. Errors: a character that starts no
// token ('=' alone, '&' alone, '|' alone, '@' ...), an unterminated string, a malformed
// number ("5x", "1e"), a string or name longer than the expression limit allows.
Result<std::vector<NlbToken>> tokenizeNlb(std::string_view text);

// The error every phase of the expression parser reports: "at offset N: detail", with the
// offset also in the status position.
Status nlbSyntaxError(int pos, const std::string& detail);

// How a token reads in a message: 'NLB_NCPUS', '&&', "end of expression".
std::string describeToken(const NlbToken& t);

}  // namespace openlim::policy
