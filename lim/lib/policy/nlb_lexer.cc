// NLB expression lexer (see nlb_lexer.h).
#include "policy/nlb_lexer.h"

#include <cctype>

#include "policy/nlb_expr.h"
#include "util/strict_number.h"

namespace openlim::policy {

Status nlbSyntaxError(int pos, const std::string& detail) {
  return Status(Code::kInvalid, "at offset " + std::to_string(pos) + ": " + detail,
                SourcePos{.offset = pos});
}

std::string describeToken(const NlbToken& t) {
  switch (t.kind) {
    case NlbTok::kEnd:
      return "end of expression";
    case NlbTok::kString:
      return "string \"" + t.text + "\"";
    default:
      return "'" + t.text + "'";
  }
}

namespace {

bool isNameStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

struct OpSpelling {
  const char* text;
  NlbTok kind;
};
// Two-character operators first so "=>" is not read as '=' then '>'.
constexpr OpSpelling kOps[] = {
    {"==", NlbTok::kEq},      {"!=", NlbTok::kNe},      {"<=", NlbTok::kLe},
    {">=", NlbTok::kGe},      {"=>", NlbTok::kImplies}, {"&&", NlbTok::kAnd},
    {"||", NlbTok::kOr},      {"<", NlbTok::kLt},       {">", NlbTok::kGt},
    {"!", NlbTok::kNot},      {"^", NlbTok::kXor},      {"+", NlbTok::kPlus},
    {"-", NlbTok::kMinus},    {"*", NlbTok::kStar},     {"/", NlbTok::kSlash},
    {"(", NlbTok::kLParen},   {")", NlbTok::kRParen},   {"[", NlbTok::kLBracket},
    {"]", NlbTok::kRBracket},
};

// number := digits ['.' digits] [('e'|'E') ['+'|'-'] digits] | '.' digits ...
// Scans the widest run that could belong to a number, then lets strict parsing judge it, so
// "5x" and "1e" are refused instead of split.
Result<NlbToken> scanNumber(std::string_view text, size_t i) {
  size_t j = i;
  while (j < text.size()) {
    char c = text[j];
    bool sign = (c == '+' || c == '-') && (text[j - 1] == 'e' || text[j - 1] == 'E');
    if (!isNameChar(c) && c != '.' && !sign) break;
    ++j;
  }
  std::string_view spelled = text.substr(i, j - i);
  auto v = parseDouble(spelled);
  if (!v) return nlbSyntaxError(static_cast<int>(i), "bad number '" + std::string(spelled) + "'");
  return NlbToken{NlbTok::kNumber, static_cast<int>(i), static_cast<int>(j), std::string(spelled),
                  *v};
}

Result<NlbToken> scanString(std::string_view text, size_t i) {
  size_t close = text.find('"', i + 1);
  if (close == std::string_view::npos)
    return nlbSyntaxError(static_cast<int>(i), "string has no closing '\"'");
  return NlbToken{NlbTok::kString, static_cast<int>(i), static_cast<int>(close + 1),
                  std::string(text.substr(i + 1, close - i - 1)), 0};
}

Result<NlbToken> scanOperator(std::string_view text, size_t i) {
  for (const OpSpelling& op : kOps) {
    std::string_view s(op.text);
    if (text.substr(i, s.size()) == s)
      return NlbToken{op.kind, static_cast<int>(i), static_cast<int>(i + s.size()), std::string(s),
                      0};
  }
  int at = static_cast<int>(i);
  char c = text[i];
  if (c == '=') return nlbSyntaxError(at, "'=' is not an operator; use '==' (or '=>')");
  if (c == '&') return nlbSyntaxError(at, "'&' is not an operator; use '&&'");
  if (c == '|') return nlbSyntaxError(at, "'|' is not an operator; use '||'");
  auto u = static_cast<unsigned char>(c);
  std::string shown = std::isprint(u) ? std::string(1, c) : "\\x" + std::to_string(u);
  return nlbSyntaxError(at, "unexpected character '" + shown + "'");
}

}  // namespace

Result<std::vector<NlbToken>> tokenizeNlb(std::string_view text) {
  if (text.size() > kMaxExpressionBytes)
    return nlbSyntaxError(
        0, "expression longer than " + std::to_string(kMaxExpressionBytes) + " bytes");
  std::vector<NlbToken> out;
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == ' ' || c == '\t') {
      ++i;
      continue;
    }
    Result<NlbToken> t = NlbToken{};
    if (isNameStart(c)) {
      size_t j = i;
      while (j < text.size() && isNameChar(text[j])) ++j;
      t = NlbToken{NlbTok::kName, static_cast<int>(i), static_cast<int>(j),
                   std::string(text.substr(i, j - i)), 0};
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '.' && i + 1 < text.size() &&
                std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
      t = scanNumber(text, i);
    } else if (c == '"') {
      t = scanString(text, i);
    } else {
      t = scanOperator(text, i);
    }
    if (!t) return t.status();
    i = static_cast<size_t>(t->end);
    out.push_back(std::move(t.value()));
  }
  int end = static_cast<int>(text.size());
  out.push_back(NlbToken{NlbTok::kEnd, end, end, "", 0});
  return out;
}

}  // namespace openlim::policy
