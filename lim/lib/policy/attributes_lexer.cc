// Object data format lexer (see attributes_lexer.h).
#include "policy/attributes_lexer.h"

#include <cctype>

#include "policy/attributes_file.h"

namespace openlim::policy {

bool isObjWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' ||
         c == '+';
}

namespace {

constexpr int kMaxStrayReports = 20;

ObjTok punctuation(char c) {
  switch (c) {
    case '(':
      return ObjTok::kLParen;
    case ')':
      return ObjTok::kRParen;
    case '{':
      return ObjTok::kLBrace;
    case '}':
      return ObjTok::kRBrace;
    case '=':
      return ObjTok::kEquals;
    case ';':
      return ObjTok::kSemi;
    default:
      return ObjTok::kEnd;
  }
}

}  // namespace

std::vector<ObjToken> tokenizeObjects(std::string_view text, config::DiagSink& diag) {
  std::vector<ObjToken> out;
  int line = 1;
  size_t i = 0;
  int stray = 0;  // stray characters reported; a garbled file gets a few lines, not thousands
  while (i < text.size()) {
    char c = text[i];
    if (c == '\n') {
      ++line, ++i;
    } else if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '"') {
      size_t close = text.find_first_of("\"\n", i + 1);
      if (close == std::string_view::npos || text[close] != '"') {
        diag.error(line, "string has no closing '\"' on its line");
        i = close == std::string_view::npos ? text.size() : close;
        continue;
      }
      std::string_view body = text.substr(i + 1, close - i - 1);
      if (body.size() > kMaxAttributeTextBytes)
        diag.error(line, "string longer than " + std::to_string(kMaxAttributeTextBytes) + " bytes");
      else
        out.push_back(ObjToken{ObjTok::kString, line, std::string(body)});
      i = close + 1;
    } else if (isObjWordChar(c)) {
      size_t j = i;
      while (j < text.size() && isObjWordChar(text[j])) ++j;
      if (j - i > kMaxAttributeTextBytes)
        diag.error(line, "word longer than " + std::to_string(kMaxAttributeTextBytes) + " bytes");
      else
        out.push_back(ObjToken{ObjTok::kWord, line, std::string(text.substr(i, j - i))});
      i = j;
    } else if (ObjTok p = punctuation(c); p != ObjTok::kEnd) {
      out.push_back(ObjToken{p, line, std::string(1, c)});
      ++i;
    } else {
      auto u = static_cast<unsigned char>(c);
      if (++stray <= kMaxStrayReports)
        diag.error(line, std::isprint(u) ? "unexpected character '" + std::string(1, c) + "'"
                                         : "unexpected byte " + std::to_string(u));
      else if (stray == kMaxStrayReports + 1)
        diag.error(line, "more unexpected characters; not reported one by one");
      ++i;
    }
  }
  out.push_back(ObjToken{ObjTok::kEnd, line, ""});
  return out;
}

}  // namespace openlim::policy
