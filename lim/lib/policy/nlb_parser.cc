// NLB expression parser: tokens to the tree of nlb_expr.h.
#include <algorithm>
#include <string>
#include <vector>

#include "policy/nlb_expr.h"
#include "policy/nlb_lexer.h"
#include "policy/nlb_regex.h"

namespace openlim::policy {

const char* exprOpSpelling(ExprOp op) {
  static const char* const kSpell[] = {
      "-", "!", "*", "/", "+", "-", "<", "<=", ">", ">=", "==", "!=", "^", "&&", "||", "=>"};
  return kSpell[static_cast<int>(op)];
}

bool isJobAttributeName(std::string_view upperName) {
  return upperName.size() > 4 && upperName.substr(0, 4) == "JOB_";
}

namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

// One level of left-associative binary operators.
struct Level {
  NlbTok toks[4];
  ExprOp ops[4];
  int n;
};
// Loosest first: || && ^ (== !=) (< <= > >=) (+ -) (* /). '=>' is handled above them.
constexpr Level kLevels[] = {
    {{NlbTok::kOr}, {ExprOp::kOr}, 1},
    {{NlbTok::kAnd}, {ExprOp::kAnd}, 1},
    {{NlbTok::kXor}, {ExprOp::kXor}, 1},
    {{NlbTok::kEq, NlbTok::kNe}, {ExprOp::kEq, ExprOp::kNe}, 2},
    {{NlbTok::kLt, NlbTok::kLe, NlbTok::kGt, NlbTok::kGe},
     {ExprOp::kLt, ExprOp::kLe, ExprOp::kGt, ExprOp::kGe},
     4},
    {{NlbTok::kPlus, NlbTok::kMinus}, {ExprOp::kAdd, ExprOp::kSub}, 2},
    {{NlbTok::kStar, NlbTok::kSlash}, {ExprOp::kMul, ExprOp::kDiv}, 2},
};
constexpr int kLevelCount = sizeof(kLevels) / sizeof(kLevels[0]);

class Parser {
 public:
  explicit Parser(std::vector<NlbToken> toks) : toks_(std::move(toks)) {}
  Result<ExprPtr> whole();

 private:
  const NlbToken& peek() const { return toks_[i_]; }
  const NlbToken& next() {
    const NlbToken& t = toks_[i_];
    if (i_ + 1 < toks_.size()) ++i_;
    return t;
  }
  const NlbToken& previous() const { return toks_[i_ > 0 ? i_ - 1 : 0]; }
  std::nullptr_t fail(int pos, const std::string& detail) {
    if (status_.isOk()) status_ = nlbSyntaxError(pos, detail);
    return nullptr;
  }
  ExprPtr node(ExprKind kind, int pos, int end);
  ExprPtr joined(ExprOp op, ExprPtr a, ExprPtr b);
  bool expect(NlbTok kind, const char* spelling, int openPos);

  ExprPtr implies();
  ExprPtr binaryLevel(int level);
  ExprPtr unary();
  ExprPtr primary();
  ExprPtr exists();
  ExprPtr match();

  std::vector<NlbToken> toks_;
  size_t i_ = 0;
  int nesting_ = 0;  // open parentheses and unary operators on the parser's own stack
  size_t nodes_ = 0;
  Status status_;
};

ExprPtr Parser::node(ExprKind kind, int pos, int end) {
  if (++nodes_ > kMaxExpressionNodes)
    return fail(pos, "expression has more than " + std::to_string(kMaxExpressionNodes) + " terms");
  auto n = std::make_unique<Expr>();
  n->kind = kind;
  n->pos = pos;
  n->end = end;
  return n;
}

// Joins two subtrees; refuses a tree taller than kMaxExpressionDepth so that every later
// walk over it (lowering, printing, freeing) has a fixed bound.
ExprPtr Parser::joined(ExprOp op, ExprPtr a, ExprPtr b) {
  int depth = 1 + std::max(a->depth, b ? b->depth : 0);
  if (depth > kMaxExpressionDepth)
    return fail(a->pos, "expression nested more than " + std::to_string(kMaxExpressionDepth) +
                            " levels deep");
  ExprPtr n = node(b ? ExprKind::kBinary : ExprKind::kUnary, a->pos, b ? b->end : a->end);
  if (!n) return nullptr;
  n->op = op;
  n->depth = depth;
  n->a = std::move(a);
  n->b = std::move(b);
  return n;
}

bool Parser::expect(NlbTok kind, const char* spelling, int openPos) {
  if (peek().kind == kind) {
    next();
    return true;
  }
  std::string detail = "expected '" + std::string(spelling) + "'";
  if (openPos >= 0) detail += " to close the one at offset " + std::to_string(openPos);
  fail(peek().pos, detail + ", found " + describeToken(peek()));
  return false;
}

// implies := or ('=>' or)*   grouped to the right: a => b => c is a => (b => c).
// The operands are collected first and folded from the right, so no recursion.
ExprPtr Parser::implies() {
  std::vector<ExprPtr> parts;
  while (true) {
    ExprPtr e = binaryLevel(0);
    if (!e) return nullptr;
    parts.push_back(std::move(e));
    if (peek().kind != NlbTok::kImplies) break;
    next();
  }
  ExprPtr right = std::move(parts.back());
  for (size_t k = parts.size() - 1; k-- > 0;) {
    right = joined(ExprOp::kImplies, std::move(parts[k]), std::move(right));
    if (!right) return nullptr;
  }
  return right;
}

// level k := level(k+1) (op_k level(k+1))*   left-associative; see kLevels.
ExprPtr Parser::binaryLevel(int level) {
  auto operand = [&]() { return level + 1 < kLevelCount ? binaryLevel(level + 1) : unary(); };
  ExprPtr left = operand();
  if (!left) return nullptr;
  const Level& lv = kLevels[level];
  while (true) {
    int found = -1;
    for (int k = 0; k < lv.n; ++k)
      if (peek().kind == lv.toks[k]) found = k;
    if (found < 0) return left;
    next();
    ExprPtr right = operand();
    if (!right) return nullptr;
    left = joined(lv.ops[found], std::move(left), std::move(right));
    if (!left) return nullptr;
  }
}

// unary := ('-' | '!') unary | primary
ExprPtr Parser::unary() {
  if (peek().kind != NlbTok::kMinus && peek().kind != NlbTok::kNot) return primary();
  const NlbToken& t = next();
  int at = t.pos;
  ExprOp op = t.kind == NlbTok::kMinus ? ExprOp::kNeg : ExprOp::kNot;
  if (++nesting_ > kMaxExpressionDepth) return fail(at, "too many unary operators in a row");
  ExprPtr operand = unary();
  --nesting_;
  if (!operand) return nullptr;
  ExprPtr n = joined(op, std::move(operand), nullptr);
  if (n) n->pos = at;
  return n;
}

// exists := 'exists' '(' NAME ')'
ExprPtr Parser::exists() {
  int at = next().pos;
  int open = next().pos;  // '(' checked by the caller
  if (peek().kind != NlbTok::kName)
    return fail(peek().pos, "exists() takes an attribute name, found " + describeToken(peek()));
  const NlbToken& name = next();
  ExprPtr n = node(ExprKind::kExists, at, 0);
  if (!n) return nullptr;
  n->name = upper(name.text);
  n->job = isJobAttributeName(n->name);
  if (!expect(NlbTok::kRParen, ")", open)) return nullptr;
  n->end = previous().end;
  return n;
}

// match := '[' NAME ('==' | '!=') STRING ']'
ExprPtr Parser::match() {
  int open = next().pos;
  if (peek().kind != NlbTok::kName)
    return fail(peek().pos,
                "'[' must be followed by an attribute name, found " + describeToken(peek()));
  std::string name = upper(next().text);
  if (peek().kind != NlbTok::kEq && peek().kind != NlbTok::kNe)
    return fail(peek().pos, "expected '==' or '!=' in [ ], found " + describeToken(peek()));
  bool negated = next().kind == NlbTok::kNe;
  if (peek().kind != NlbTok::kString)
    return fail(peek().pos, "expected a quoted regular expression, found " + describeToken(peek()));
  const NlbToken& pattern = next();
  if (Status s = checkNlbRegex(pattern.text, pattern.pos); !s) {
    if (status_.isOk()) status_ = s;
    return nullptr;
  }
  ExprPtr n = node(ExprKind::kMatch, open, 0);
  if (!n) return nullptr;
  n->name = std::move(name);
  n->job = isJobAttributeName(n->name);
  n->text = pattern.text;
  n->negated = negated;
  if (!expect(NlbTok::kRBracket, "]", open)) return nullptr;
  n->end = previous().end;
  return n;
}

// primary := NUMBER | STRING | exists | match | NAME | '(' implies ')'
ExprPtr Parser::primary() {
  const NlbToken& t = peek();
  switch (t.kind) {
    case NlbTok::kNumber: {
      ExprPtr n = node(ExprKind::kNumber, t.pos, t.end);
      if (n) n->number = t.number;
      next();
      return n;
    }
    case NlbTok::kString: {
      ExprPtr n = node(ExprKind::kString, t.pos, t.end);
      if (n) n->text = t.text;
      next();
      return n;
    }
    case NlbTok::kName: {
      if (upper(t.text) == "EXISTS" && toks_[i_ + 1].kind == NlbTok::kLParen) return exists();
      ExprPtr n = node(ExprKind::kAttribute, t.pos, t.end);
      if (!n) return nullptr;
      n->name = upper(t.text);
      n->job = isJobAttributeName(n->name);
      next();
      return n;
    }
    case NlbTok::kLBracket:
      return match();
    case NlbTok::kLParen: {
      if (++nesting_ > kMaxExpressionDepth)
        return fail(
            t.pos, "parentheses nested more than " + std::to_string(kMaxExpressionDepth) + " deep");
      int open = next().pos;
      ExprPtr inner = implies();
      --nesting_;
      if (!inner || !expect(NlbTok::kRParen, ")", open)) return nullptr;
      inner->pos = open;
      inner->end = previous().end;
      return inner;
    }
    case NlbTok::kEnd:
      if (i_ == 0) return fail(t.pos, "empty expression");
      return fail(t.pos, "expression ends after '" + previous().text + "'; a value is missing");
    default:
      return fail(t.pos, "expected a value, found " + describeToken(t));
  }
}

Result<ExprPtr> Parser::whole() {
  ExprPtr e = implies();
  if (!e) return status_;
  if (peek().kind != NlbTok::kEnd)
    return nlbSyntaxError(peek().pos,
                          "unexpected " + describeToken(peek()) + " after a complete expression");
  return e;
}

}  // namespace

Result<ExprPtr> parseExpression(std::string_view text) {
  auto toks = tokenizeNlb(text);
  if (!toks) return toks.status();
  return Parser(std::move(toks.value())).whole();
}

}  // namespace openlim::policy
