#include "resreq/parser.h"

#include <algorithm>
#include <string>
#include <vector>

#include "resreq/lexer.h"

namespace openlim::resreq {

const char* opSpelling(Op op) {
  static const char* const kSpell[] = {"-",  "!", "*",  "/",  "+",  "-",  "<",
                                       "<=", ">", ">=", "==", "!=", "&&", "||"};
  return kSpell[static_cast<int>(op)];
}

namespace {

constexpr const char* kTooDeep =
    "expression nested too deeply (more than 200 levels of "
    "operators and parentheses)";
static_assert(kMaxDepth == 200, "kTooDeep names the limit");
static_assert(kMaxSelectTerms <= 32767, "explain numbers terms in 16 bits");

class Parser {
 public:
  Parser(std::string_view text, std::vector<Token> toks) : text_(text), toks_(std::move(toks)) {}

  Result<ParsedRequest> request();
  Result<NodePtr> wholeExpression();

 private:
  const Token& peek(size_t k = 0) const { return toks_[std::min(i_ + k, toks_.size() - 1)]; }
  const Token& next() {
    const Token& t = toks_[i_];
    if (i_ + 1 < toks_.size()) ++i_;
    return t;
  }
  bool accept(Tok k) {
    if (peek().kind != k) return false;
    next();
    return true;
  }
  Status fail(const Token& at, const std::string& detail) {
    if (status_.isOk()) status_ = syntaxError(text_, at.pos, detail);
    return status_;
  }
  Status expectClose(Tok close, const char* spelling, int openPos);

  NodePtr orExpr();
  Status selectExpr(std::vector<NodePtr>& terms);
  NodePtr binaryLevel(int level);
  NodePtr unary();
  NodePtr primary();
  NodePtr makeBinary(Op op, int opPos, NodePtr a, NodePtr b);

  Status section(ParsedRequest& r);
  Status orderBody(ParsedRequest& r);
  Status assignments(std::vector<Assignment>& out, bool valueOptional);
  Status sameBody(ParsedRequest& r);

  std::string_view text_;
  std::vector<Token> toks_;
  size_t i_ = 0;
  int depth_ = 0;
  Status status_;
};

Status Parser::expectClose(Tok close, const char* spelling, int openPos) {
  if (accept(close)) return Status::ok();
  if (peek().kind == Tok::kAssign) return fail(peek(), "'=' is not an operator; use '=='");
  if (peek().kind == Tok::kEnd)
    return fail(peek(), std::string("missing '") + spelling + "' to close the one at " +
                            std::to_string(openPos));
  return fail(peek(), "unexpected " + describe(peek()) + ", expected '" + spelling + "'");
}

// nullptr (and the error) when the result would be more than kMaxDepth levels deep.
NodePtr Parser::makeBinary(Op op, int opPos, NodePtr a, NodePtr b) {
  int height = std::max(a->height, b->height) + 1;
  if (height > kMaxDepth) {
    if (status_.isOk()) status_ = syntaxError(text_, opPos, kTooDeep);  // the operator too many
    return nullptr;
  }
  auto n = std::make_unique<Node>();
  n->height = height;
  n->kind = NodeKind::kBinary;
  n->op = op;
  n->opPos = opPos;
  n->pos = a->pos;
  n->end = b->end;
  n->a = std::move(a);
  n->b = std::move(b);
  return n;
}

// expr := or ; or := and ('||' and)* ; and := eq ('&&' eq)* ; eq := rel (('=='|'!=') rel)*
// rel := add (('<'|'<='|'>'|'>=') add)* ; add := mul (('+'|'-') mul)* ;
// mul := unary (('*'|'/') unary)*
NodePtr Parser::orExpr() {
  return binaryLevel(0);
}

NodePtr Parser::binaryLevel(int level) {
  struct Level {
    Tok toks[4];
    Op ops[4];
    int n;
  };
  static const Level kLevels[] = {
      {{Tok::kOr}, {Op::kOr}, 1},
      {{Tok::kAnd}, {Op::kAnd}, 1},
      {{Tok::kEq, Tok::kNe}, {Op::kEq, Op::kNe}, 2},
      {{Tok::kLt, Tok::kLe, Tok::kGt, Tok::kGe}, {Op::kLt, Op::kLe, Op::kGt, Op::kGe}, 4},
      {{Tok::kPlus, Tok::kMinus}, {Op::kAdd, Op::kSub}, 2},
      {{Tok::kStar, Tok::kSlash}, {Op::kMul, Op::kDiv}, 2},
  };
  constexpr int kLevelCount = 6;
  auto operand = [&]() { return level + 1 < kLevelCount ? binaryLevel(level + 1) : unary(); };
  NodePtr left = operand();
  if (!left) return nullptr;
  const Level& lv = kLevels[level];
  while (true) {
    int found = -1;
    for (int k = 0; k < lv.n; ++k)
      if (peek().kind == lv.toks[k]) found = k;
    if (found < 0) return left;
    int opPos = next().pos;
    NodePtr right = operand();
    if (!right) return nullptr;
    left = makeBinary(lv.ops[found], opPos, std::move(left), std::move(right));
    if (!left) return nullptr;
  }
}

// select := and ('||' and)*, with the first `and` kept as a list of its terms when no `||`
// follows (ParsedRequest::select).
Status Parser::selectExpr(std::vector<NodePtr>& terms) {
  std::vector<NodePtr> ands;
  std::vector<int> andPos;
  do {
    if (ands.size() >= kMaxSelectTerms)
      return fail(toks_[i_ - 1],
                  "more than " + std::to_string(kMaxSelectTerms) + " terms joined by '&&'");
    NodePtr t = binaryLevel(2);
    if (!t) return status_;
    ands.push_back(std::move(t));
    if (peek().kind == Tok::kAnd) andPos.push_back(peek().pos);
  } while (accept(Tok::kAnd));
  if (peek().kind != Tok::kOr) {
    terms = std::move(ands);
    return Status::ok();
  }
  NodePtr left = std::move(ands[0]);
  for (size_t k = 1; left && k < ands.size(); ++k)
    left = makeBinary(Op::kAnd, andPos[k - 1], std::move(left), std::move(ands[k]));
  while (left && peek().kind == Tok::kOr) {
    int opPos = next().pos;
    NodePtr right = binaryLevel(1);
    if (!right) return status_;
    left = makeBinary(Op::kOr, opPos, std::move(left), std::move(right));
  }
  if (!left) return status_;
  terms.push_back(std::move(left));
  return Status::ok();
}

// unary := ('-' | '!') unary | primary
NodePtr Parser::unary() {
  if (peek().kind != Tok::kMinus && peek().kind != Tok::kNot) return primary();
  if (++depth_ > kMaxDepth) {
    fail(peek(), kTooDeep);
    return nullptr;
  }
  const Token& t = next();
  auto n = std::make_unique<Node>();
  n->kind = NodeKind::kUnary;
  n->op = t.kind == Tok::kMinus ? Op::kNeg : Op::kNot;
  n->pos = n->opPos = t.pos;
  n->a = unary();
  --depth_;
  if (!n->a) return nullptr;
  n->end = n->a->end;
  n->height = n->a->height + 1;
  if (n->height > kMaxDepth) {  // e.g. -(a chain of kMaxDepth levels)
    fail(t, kTooDeep);
    return nullptr;
  }
  return n;
}

// primary := NUMBER | STRING | 'defined' '(' IDENT ')' | IDENT | '(' expr ')'
NodePtr Parser::primary() {
  const Token& t = peek();
  auto n = std::make_unique<Node>();
  n->pos = t.pos;
  n->end = t.end;
  switch (t.kind) {
    case Tok::kNumber:
      n->kind = NodeKind::kNumber, n->number = t.number, n->text = t.text, n->unit = t.unit;
      next();
      return n;
    case Tok::kString:
      n->kind = NodeKind::kString, n->text = t.text;
      next();
      return n;
    case Tok::kIdent:
      next();
      n->text = t.text;
      n->kind = NodeKind::kName;
      if (t.text == "defined" && peek().kind == Tok::kLParen) {
        int open = next().pos;
        if (peek().kind != Tok::kIdent) {
          fail(peek(), "expected a resource name in defined(), found " + describe(peek()));
          return nullptr;
        }
        n->kind = NodeKind::kDefined;
        n->opPos = peek().pos;
        n->text = next().text;
        if (!expectClose(Tok::kRParen, ")", open).isOk()) return nullptr;
        n->end = toks_[i_ - 1].end;
      }
      return n;
    case Tok::kLParen: {
      if (++depth_ > kMaxDepth) {
        fail(t, kTooDeep);
        return nullptr;
      }
      int open = next().pos;
      NodePtr inner = orExpr();
      --depth_;
      if (!inner || !expectClose(Tok::kRParen, ")", open).isOk()) return nullptr;
      inner->pos = open;
      inner->end = toks_[i_ - 1].end;
      return inner;
    }
    default:
      break;
  }
  if (i_ > 0 && toks_[i_ - 1].kind != Tok::kLBracket && toks_[i_ - 1].kind != Tok::kLParen &&
      toks_[i_ - 1].kind != Tok::kIdent && toks_[i_ - 1].kind != Tok::kNumber)
    fail(t, "expected a value after '" + toks_[i_ - 1].text + "'");
  else
    fail(t, "expected a value, found " + describe(t));
  return nullptr;
}

bool isSectionKeyword(const Token& t, const Token& after) {
  if (t.kind != Tok::kIdent || after.kind != Tok::kLBracket) return false;
  static const char* const kWords[] = {"select", "order", "rusage",  "span",
                                       "same",   "cu",    "affinity"};
  for (const char* w : kWords)
    if (t.text == w) return true;
  return false;
}

Result<NodePtr> Parser::wholeExpression() {
  NodePtr e = orExpr();
  if (!e) return status_;
  if (peek().kind != Tok::kEnd) return fail(peek(), "unexpected " + describe(peek()));
  return e;
}

Result<ParsedRequest> Parser::request() {
  ParsedRequest r;
  if (peek().kind != Tok::kEnd && !isSectionKeyword(peek(), peek(1))) {
    r.selectAt = {true, peek().pos, 0};
    Status s = selectExpr(r.select);
    if (!s.isOk()) return s;
    r.selectAt.end = r.select.back()->end;
  }
  while (peek().kind != Tok::kEnd) {
    if (!isSectionKeyword(peek(), peek(1))) {
      if (peek().kind == Tok::kAssign) return fail(peek(), "'=' is not an operator; use '=='");
      return fail(peek(), "unexpected " + describe(peek()) +
                              " outside a section (select, order, rusage, span, same)");
    }
    Status s = section(r);
    if (!s.isOk()) return s;
  }
  return r;
}

Status Parser::section(ParsedRequest& r) {
  const Token kw = next();
  int open = next().pos;  // '['
  if (kw.text == "cu" || kw.text == "affinity")
    return status_ = Status(Code::kUnsupported,
                            "Section <" + kw.text + "> at " + std::to_string(kw.pos) +
                                " is not supported: LIM does not do batch placement",
                            SourcePos{.offset = kw.pos});
  SectionSpan* at = kw.text == "select"   ? &r.selectAt
                    : kw.text == "order"  ? &r.orderAt
                    : kw.text == "rusage" ? &r.rusageAt
                    : kw.text == "span"   ? &r.spanAt
                                          : &r.sameAt;
  if (at->present)
    return status_ = syntaxError(text_, kw.pos, "Section <" + kw.text + "> appears twice");
  *at = {true, kw.pos, 0};
  Status s;
  if (kw.text == "select") {
    if (peek().kind != Tok::kRBracket) s = selectExpr(r.select);  // select[] selects all
  } else if (kw.text == "order") {
    s = orderBody(r);
  } else if (kw.text == "rusage") {
    do {
      r.rusage.emplace_back();
      s = assignments(r.rusage.back(), true);
    } while (s.isOk() && accept(Tok::kOr));
  } else if (kw.text == "span") {
    s = assignments(r.span, false);
  } else {
    s = sameBody(r);
  }
  if (!s.isOk()) return s;
  s = expectClose(Tok::kRBracket, "]", open);
  at->end = toks_[i_ - 1].end;
  return s;
}

// order := key (':' key)* ; key := ['-'] (IDENT | '(' expr ')')
Status Parser::orderBody(ParsedRequest& r) {
  do {
    OrderKeySyntax k;
    k.pos = peek().pos;
    k.minus = accept(Tok::kMinus);
    if (peek().kind == Tok::kIdent) {
      k.expr = primary();
    } else if (peek().kind == Tok::kLParen) {
      k.parenthesised = true;
      k.expr = primary();
    } else {
      return fail(peek(), "expected a resource name or '(' in order[], found " + describe(peek()));
    }
    if (!k.expr) return status_;
    k.end = k.expr->end;
    r.order.push_back(std::move(k));
  } while (accept(Tok::kColon));
  return Status::ok();
}

// assignment := IDENT '=' (['-'] NUMBER | IDENT)   (rusage[] also takes a bare IDENT: LSF's
//                                                  "intensive in that resource")
// assignments := assignment (':' assignment)*
Status Parser::assignments(std::vector<Assignment>& out, bool valueOptional) {
  do {
    if (peek().kind != Tok::kIdent)
      return fail(peek(), "expected name=value, found " + describe(peek()));
    Assignment a;
    a.namePos = peek().pos;
    a.name = next().text;
    if (valueOptional && peek().kind != Tok::kAssign) {
      out.push_back(std::move(a));  // value stays null
      continue;
    }
    if (!accept(Tok::kAssign))
      return fail(peek(), "expected '=' after '" + a.name + "', found " + describe(peek()));
    int minusPos = peek().pos;
    bool minus = accept(Tok::kMinus);  // span[hosts=-1]; the binder refuses other negatives
    if (minus ? peek().kind != Tok::kNumber
              : peek().kind != Tok::kNumber && peek().kind != Tok::kIdent)
      return fail(peek(), "expected a value after '=', found " + describe(peek()));
    a.value = primary();
    if (minus) {
      a.value->number = -a.value->number;
      a.value->text = "-" + a.value->text;
      a.value->pos = minusPos;
    }
    out.push_back(std::move(a));
  } while (accept(Tok::kColon));
  return Status::ok();
}

// same := IDENT (':' IDENT)*
Status Parser::sameBody(ParsedRequest& r) {
  do {
    if (peek().kind != Tok::kIdent)
      return fail(peek(), "expected a resource name in same[], found " + describe(peek()));
    r.same.emplace_back(peek().text, peek().pos);
    next();
  } while (accept(Tok::kColon));
  return Status::ok();
}

}  // namespace

namespace {

Status checkLength(std::string_view text) {
  if (text.size() <= kMaxRequestLength) return Status::ok();
  return syntaxError(text, static_cast<int>(kMaxRequestLength),
                     "request longer than " + std::to_string(kMaxRequestLength) + " bytes");
}

}  // namespace

Result<ParsedRequest> parseRequest(std::string_view text) {
  if (Status s = checkLength(text); !s.isOk()) return s;
  auto toks = tokenize(text);
  if (!toks) return toks.status();
  Parser p(text, std::move(toks).value());
  return p.request();
}

Result<NodePtr> parseExpression(std::string_view text) {
  if (Status s = checkLength(text); !s.isOk()) return s;
  auto toks = tokenize(text);
  if (!toks) return toks.status();
  Parser p(text, std::move(toks).value());
  return p.wholeExpression();
}

}  // namespace openlim::resreq
