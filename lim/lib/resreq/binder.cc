// Binder: AST -> bound tree. Resolves names via the config, checks types and units, folds
// constants. Three-valued logic on NaN (unknown) is defined in fold.cc.
#include <strings.h>

#include <algorithm>
#include <cmath>

#include "config/size_units.h"
#include "resreq/bound.h"
#include "resreq/fold.h"
#include "resreq/lexer.h"

namespace openlim::resreq {

std::string canonicalName(const std::string& name) {
  if (name == "swap") return "swp";
  if (name == "idle") return "it";
  if (name == "login") return "ls";
  if (name == "cpu") return "r1m";
  return name;
}

double sizeUnitFactor(std::string_view unit) {
  return config::sizeUnitToMb(unit);
}

namespace {

class Binder {
 public:
  explicit Binder(const BindContext& ctx) : ctx_(ctx) {}

  Result<BNodePtr> any(const Node& n, bool allowUnit);
  Result<BNodePtr> condition(const Node& n);
  Result<BNodePtr> number(const Node& n, bool allowUnit);

 private:
  Result<BNodePtr> name(const std::string& raw, int pos);
  Result<BNodePtr> literal(const Node& n, bool allowUnit);
  Result<BNodePtr> unary(const Node& n, bool allowUnit);
  Result<BNodePtr> binary(const Node& n, bool allowUnit);
  Result<BNodePtr> compare(const Node& n);
  Result<BNodePtr> stringSide(const Node& n, bool bareIsLiteral);
  Result<BNodePtr> defined(const Node& n);
  Status checkHostValue(const BNode& col, const BNode& lit, const Node& litNode) const;
  bool stringColumn(const Node& n) const;
  bool memoryLike(const Node& n) const;
  Status typeError(const Node& n, const std::string& what, int pos) const;

  const BindContext& ctx_;
};

Status Binder::typeError(const Node& n, const std::string& what, int pos) const {
  std::string subject = n.kind == NodeKind::kName     ? "String resource <" + n.text + ">"
                        : n.kind == NodeKind::kString ? "String \"" + n.text + "\""
                                                      : "A string";
  return syntaxError(ctx_.text, pos, subject + " " + what);
}

Result<BNodePtr> Binder::name(const std::string& raw, int pos) {
  std::string nm = canonicalName(raw);
  if (nm == "hname" || nm == "status") {
    auto b = makeLeaf(nm == "hname" ? BKind::kHostName : BKind::kStatus, VType::kStr);
    b->str = nm;
    return b;
  }
  if (isBuiltinRating(nm, ctx_.config)) return makeLeaf(BKind::kRating, VType::kNum);
  int slot = ctx_.config.resourceIndex(nm);
  if (slot < 0)
    return Status(Code::kNotFound, Subcode::kUnknownResourceName,
                  "Unknown resource name <" + raw + "> at " + std::to_string(pos),
                  SourcePos{.offset = pos});
  const ResourceDef& def = ctx_.config.resources[static_cast<size_t>(slot)];
  BNodePtr b = columnLeaf(def, slot);  // def.name is nm: resourceIndex matches exactly
  b->memoryLike = def.memoryLike;
  return b;
}

bool Binder::stringColumn(const Node& n) const {
  if (n.kind != NodeKind::kName) return false;
  std::string nm = canonicalName(n.text);
  if (nm == "hname" || nm == "status") return true;
  const ResourceDef* d = ctx_.config.findResource(nm);
  return d && d->type == ResourceType::kString;
}

bool Binder::memoryLike(const Node& n) const {
  switch (n.kind) {
    case NodeKind::kName: {
      const ResourceDef* d = ctx_.config.findResource(canonicalName(n.text));
      return d && d->memoryLike;
    }
    case NodeKind::kUnary:
      return n.op == Op::kNeg && memoryLike(*n.a);
    case NodeKind::kBinary:
      return isArithmetic(n.op) && (memoryLike(*n.a) || memoryLike(*n.b));
    default:
      return false;
  }
}

Result<BNodePtr> Binder::literal(const Node& n, bool allowUnit) {
  auto b = makeLeaf(BKind::kConst, VType::kNum);
  b->value = n.number;
  if (n.unit.empty()) return b;
  int unitPos = n.pos + static_cast<int>(n.text.size());
  double f = sizeUnitFactor(n.unit);
  if (f == 0)
    return syntaxError(ctx_.text, unitPos,
                       "unknown unit '" + n.unit + "' in '" + n.text + n.unit + "'");
  if (!allowUnit)
    return syntaxError(
        ctx_.text, unitPos,
        "unit '" + n.unit +
            "' applies only to memory-like values (mem swp tmp maxmem maxswp maxtmp)");
  b->value = n.number * f;
  return b;
}

Result<BNodePtr> Binder::any(const Node& n, bool allowUnit) {
  switch (n.kind) {
    case NodeKind::kNumber:
      return literal(n, allowUnit);
    case NodeKind::kString: {
      auto b = makeLeaf(BKind::kStrConst, VType::kStr);
      b->str = n.text;
      return b;
    }
    case NodeKind::kName:
      return name(n.text, n.pos);
    case NodeKind::kDefined:
      return defined(n);
    case NodeKind::kUnary:
      return unary(n, allowUnit);
    case NodeKind::kBinary:
      return isComparison(n.op) ? compare(n) : binary(n, allowUnit);
  }
  return Status(Code::kInternal, "unhandled node");
}

Result<BNodePtr> Binder::defined(const Node& n) {
  auto r = name(n.text, n.opPos);
  if (!r) return r;
  if (r.value()->kind == BKind::kHostName || r.value()->kind == BKind::kStatus ||
      r.value()->kind == BKind::kRating)
    return makeConst(1, VType::kTruth);
  auto b = makeLeaf(BKind::kDefined, VType::kTruth);
  b->slot = r.value()->slot;
  b->str = r.value()->str;
  return b;
}

Result<BNodePtr> Binder::number(const Node& n, bool allowUnit) {
  auto r = any(n, allowUnit);
  if (r && r.value()->type == VType::kStr) return typeError(n, "cannot be used as a number", n.pos);
  if (r && r.value()->type == VType::kTruth) r.value()->type = VType::kNum;  // 0/1
  return r;
}

Result<BNodePtr> Binder::condition(const Node& n) {
  auto r = any(n, false);
  if (!r) return r;
  if (r.value()->type == VType::kStr) return typeError(n, "must be compared with a value", n.pos);
  if (r.value()->type == VType::kTruth) return r;
  return foldTruth(std::move(r).value());
}

Result<BNodePtr> Binder::unary(const Node& n, bool allowUnit) {
  auto c = n.op == Op::kNot ? condition(*n.a) : number(*n.a, allowUnit);
  if (!c) return c;
  return foldUnary(n.op, std::move(c).value());
}

Result<BNodePtr> Binder::binary(const Node& n, bool allowUnit) {
  Result<BNodePtr> a = Status(), b = Status();
  if (isLogical(n.op)) {
    a = condition(*n.a);
    if (!a) return a;
    b = condition(*n.b);
  } else {
    for (const Node* side : {n.a.get(), n.b.get()})
      if (stringColumn(*side) || side->kind == NodeKind::kString)
        return typeError(*side, std::string("cannot be used with '") + opSpelling(n.op) + "'",
                         n.opPos);
    a = number(*n.a, allowUnit || memoryLike(*n.b));
    if (!a) return a;
    b = number(*n.b, allowUnit || memoryLike(*n.a));
  }
  if (!b) return b;
  return foldBinary(n.op, std::move(a).value(), std::move(b).value());
}

// A string operand: a string column, or a literal (quoted, or a bare word facing a column).
Result<BNodePtr> Binder::stringSide(const Node& n, bool bareIsLiteral) {
  if (n.kind == NodeKind::kString || (n.kind == NodeKind::kName && bareIsLiteral)) {
    auto b = makeLeaf(BKind::kStrConst, VType::kStr);
    b->str = n.text;
    return b;
  }
  if (stringColumn(n)) return name(n.text, n.pos);
  if (n.kind == NodeKind::kName) {
    auto r = name(n.text, n.pos);  // Unknown resource name, or a numeric one
    if (!r) return r;
    return syntaxError(ctx_.text, n.pos,
                       "Numeric resource <" + n.text + "> cannot be compared with a string");
  }
  return syntaxError(ctx_.text, n.pos, "A number cannot be compared with a string");
}

// type and model take only the cluster's HostType / HostModel names, `any` and `local`
// (LSF refuses the rest); other string resources take free values.
Status Binder::checkHostValue(const BNode& col, const BNode& lit, const Node& litNode) const {
  if (col.kind != BKind::kStrCol || lit.kind != BKind::kStrConst) return Status::ok();
  if (col.str != "type" && col.str != "model") return Status::ok();
  if (lit.str == "any" || lit.str == "local") return Status::ok();
  const auto& cfg = ctx_.config;
  bool known = col.str == "type" ? std::find(cfg.hostTypes.begin(), cfg.hostTypes.end(), lit.str) !=
                                       cfg.hostTypes.end()
                                 : cfg.findModel(lit.str) != nullptr;
  if (known) return Status::ok();
  return Status(Code::kNotFound, Subcode::kUnknownResourceValue,
                "Unknown resource value <" + lit.str + "> at " + std::to_string(litNode.pos),
                SourcePos{.offset = litNode.pos});
}

Result<BNodePtr> Binder::compare(const Node& n) {
  bool colA = stringColumn(*n.a), colB = stringColumn(*n.b);
  bool strA = colA || n.a->kind == NodeKind::kString;
  bool strB = colB || n.b->kind == NodeKind::kString;
  if (strA || strB) {
    const Node& str = strA ? *n.a : *n.b;
    const Node& other = strA ? *n.b : *n.a;
    if (other.kind == NodeKind::kNumber || other.kind == NodeKind::kUnary ||
        other.kind == NodeKind::kBinary || other.kind == NodeKind::kDefined)
      return typeError(str, "cannot be compared with a number", n.opPos);
    auto a = stringSide(*n.a, colB && !colA);
    if (!a) return a;
    auto b = stringSide(*n.b, colA);
    if (!b) return b;
    Status s = checkHostValue(*a.value(), *b.value(), *n.b);
    if (s.isOk()) s = checkHostValue(*b.value(), *a.value(), *n.a);
    if (!s.isOk()) return s;
    return foldStringCompare(n.op, std::move(a).value(), std::move(b).value(), ctx_.options);
  }
  auto a = number(*n.a, memoryLike(*n.b));
  if (!a) return a;
  auto b = number(*n.b, memoryLike(*n.a));
  if (!b) return b;
  return foldBinary(n.op, std::move(a).value(), std::move(b).value());
}

bool namesStringOrBooleanImpl(const Node& n, const ConfigSnapshot& cfg) {
  if (n.kind == NodeKind::kName || n.kind == NodeKind::kDefined) {
    std::string nm = canonicalName(n.text);
    if (nm == "type" || nm == "hname" || nm == "status") return true;
    const ResourceDef* d = cfg.findResource(nm);
    return d && d->type != ResourceType::kNumeric;
  }
  if (n.kind == NodeKind::kString) return true;
  return (n.a && namesStringOrBooleanImpl(*n.a, cfg)) ||
         (n.b && namesStringOrBooleanImpl(*n.b, cfg));
}

}  // namespace

Result<BNodePtr> bindCondition(const Node& n, const BindContext& ctx) {
  return Binder(ctx).condition(n);
}

Result<BNodePtr> bindNumber(const Node& n, const BindContext& ctx) {
  return Binder(ctx).number(n, false);
}

bool namesStringOrBoolean(const Node& n, const ConfigSnapshot& config) {
  return namesStringOrBooleanImpl(n, config);
}

}  // namespace openlim::resreq
