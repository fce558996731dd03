#include "resreq/fold.h"

#include <algorithm>
#include <cctype>

#include "resreq/ops.h"

namespace openlim::resreq {

double applyBinary(Op op, double a, double b) {
  switch (op) {
    case Op::kAdd:
      return applyOp<Op::kAdd>(a, b);
    case Op::kSub:
      return applyOp<Op::kSub>(a, b);
    case Op::kMul:
      return applyOp<Op::kMul>(a, b);
    case Op::kDiv:
      return applyOp<Op::kDiv>(a, b);
    case Op::kLt:
      return applyOp<Op::kLt>(a, b);
    case Op::kLe:
      return applyOp<Op::kLe>(a, b);
    case Op::kGt:
      return applyOp<Op::kGt>(a, b);
    case Op::kGe:
      return applyOp<Op::kGe>(a, b);
    case Op::kEq:
      return applyOp<Op::kEq>(a, b);
    case Op::kNe:
      return applyOp<Op::kNe>(a, b);
    case Op::kAnd:
      return applyOp<Op::kAnd>(a, b);
    case Op::kOr:
      return applyOp<Op::kOr>(a, b);
    default:
      return kNaN;
  }
}

double applyUnary(Op op, double a) {
  return op == Op::kNeg ? -a : logicalNot(a);
}

// Case-folded byte order (ASCII letters), for policies' case-insensitive comparisons.
static int compareNoCase(std::string_view a, std::string_view b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    int x = std::tolower(static_cast<unsigned char>(a[i]));
    int y = std::tolower(static_cast<unsigned char>(b[i]));
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

double compareStrings(Op op, std::string_view a, std::string_view b, bool nocase) {
  int c = nocase ? compareNoCase(a, b) : a.compare(b);
  switch (op) {
    case Op::kLt:
      return c < 0;
    case Op::kLe:
      return c <= 0;
    case Op::kGt:
      return c > 0;
    case Op::kGe:
      return c >= 0;
    case Op::kEq:
      return c == 0;
    case Op::kNe:
      return c != 0;
    default:
      return kNaN;
  }
}

BNodePtr makeConst(double value, VType type) {
  auto b = std::make_unique<BNode>();
  b->kind = BKind::kConst;
  b->type = type;
  b->value = value;
  return b;
}

BNodePtr makeLeaf(BKind kind, VType type) {
  auto b = std::make_unique<BNode>();
  b->kind = kind;
  b->type = type;
  return b;
}

BNodePtr columnLeaf(const ResourceDef& def, int slot) {
  const bool runQueue =
      def.builtinIndex && (def.name == "r15s" || def.name == "r1m" || def.name == "r15m");
  BNodePtr b;
  if (def.type == ResourceType::kString)
    b = makeLeaf(BKind::kStrCol, VType::kStr);
  else if (def.type == ResourceType::kBoolean)
    b = makeLeaf(BKind::kBoolCol, VType::kNum);
  else
    b = makeLeaf(runQueue ? BKind::kRunQueue : BKind::kNumCol, VType::kNum);
  b->slot = slot;
  b->str = def.name;
  return b;
}

BNodePtr foldTruth(BNodePtr n) {
  if (n->type == VType::kTruth) return n;
  if (n->kind == BKind::kConst) return makeConst(truthOf(n->value), VType::kTruth);
  auto t = std::make_unique<BNode>();
  t->kind = BKind::kTruth;
  t->type = VType::kTruth;
  t->a = std::move(n);
  return t;
}

BNodePtr foldUnary(Op op, BNodePtr a) {
  if (op == Op::kNot) a = foldTruth(std::move(a));
  VType type = op == Op::kNot ? VType::kTruth : VType::kNum;
  if (a->kind == BKind::kConst) return makeConst(applyUnary(op, a->value), type);
  auto u = std::make_unique<BNode>();
  u->kind = BKind::kUnary;
  u->type = type;
  u->op = op;
  u->memoryLike = a->memoryLike;
  u->a = std::move(a);
  return u;
}

BNodePtr foldBinary(Op op, BNodePtr a, BNodePtr b) {
  VType type = isArithmetic(op) ? VType::kNum : VType::kTruth;
  if (a->kind == BKind::kConst && b->kind == BKind::kConst)
    return makeConst(applyBinary(op, a->value, b->value), type);
  if (isLogical(op)) {
    // A constant side decides or vanishes: false && x = false; true && x = x (and dually).
    // A constant unknown decides nothing and stays.
    double absorbing = op == Op::kAnd ? 0 : 1;
    for (BNodePtr* side : {&a, &b}) {
      if ((*side)->kind != BKind::kConst) continue;
      if ((*side)->value == absorbing) return makeConst(absorbing, VType::kTruth);
      if ((*side)->value == 1 - absorbing) return std::move(side == &a ? b : a);
    }
  }
  auto n = std::make_unique<BNode>();
  n->kind = BKind::kBinary;
  n->type = type;
  n->op = op;
  n->memoryLike = isArithmetic(op) && (a->memoryLike || b->memoryLike);
  n->a = std::move(a);
  n->b = std::move(b);
  return n;
}

BNodePtr foldStringCompare(Op op, BNodePtr a, BNodePtr b, const CompileOptions& options) {
  for (int pass = 0; pass < 2; ++pass) {
    BNode& col = pass == 0 ? *a : *b;
    BNode& lit = pass == 0 ? *b : *a;
    if (col.kind != BKind::kStrCol || lit.kind != BKind::kStrConst) continue;
    if (col.str != "type" && col.str != "model") continue;
    if (lit.str == "local") {
      const std::string& local = col.str == "type" ? options.localType : options.localModel;
      if (local.empty())
        lit.str = "any";  // the asker is outside the cluster
      else
        lit.str = local;
    }
    if (lit.str == "any" && (op == Op::kEq || op == Op::kNe))
      return makeConst(op == Op::kEq ? 1 : 0, VType::kTruth);
  }
  if (a->kind == BKind::kStrConst && b->kind == BKind::kStrConst)
    return makeConst(compareStrings(op, a->str, b->str), VType::kTruth);
  auto n = std::make_unique<BNode>();
  n->kind = BKind::kStrCompare;
  n->type = VType::kTruth;
  n->op = op;
  n->a = std::move(a);
  n->b = std::move(b);
  return n;
}

}  // namespace openlim::resreq
