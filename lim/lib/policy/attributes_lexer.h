#pragma once
// Tokens of the object data format (lsf.attributes): words, "strings", ( ) { } = ;
// '#' comments run to the end of the line. Each token carries its line.

#include <string>
#include <string_view>
#include <vector>

#include "config/diag.h"

namespace openlim::policy {

enum class ObjTok : uint8_t {
  kWord,
  kString,
  kLParen,
  kRParen,
  kLBrace,
  kRBrace,
  kEquals,
  kSemi,
  kEnd
};

struct ObjToken {
  ObjTok kind = ObjTok::kEnd;
  int line = 0;
  std::string text;  // word or string contents
};

// Characters that stay together in a word: letters, digits, '_', '.', '-', '+'.
bool isObjWordChar(char c);

// Every token, ending with kEnd. Stray characters and unterminated strings are reported and
// skipped, so parsing can go on and report later problems too.
std::vector<ObjToken> tokenizeObjects(std::string_view text, config::DiagSink& diag);

}  // namespace openlim::policy
