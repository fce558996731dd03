// NLB expression -> resreq bound tree (see policy_lower.h). Recursion follows the tree, whose
// height the parser caps at kMaxExpressionDepth.
#include "policy/policy_lower.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "policy/job_attributes.h"
#include "resreq/fold.h"
#include "resreq/ops.h"

namespace openlim::policy {

using resreq::BKind;
using resreq::BNode;
using resreq::BNodePtr;
using resreq::makeLeaf;
using resreq::Op;
using resreq::VType;

namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// NLB names computed from an LSF index: value = (index + offset) * scale.
struct Computed {
  const char* nlb;    // without the NLB_ prefix
  const char* index;  // the LSF resource it reads
  double offset, scale;
  bool averaged;  // NLB has an NLB_A_ form of it
};
constexpr Computed kComputed[] = {
    {"IDLECPU", "ut", -1, -100, true},  // (ut - 1) * -100 = (1 - ut) * 100
    {"FREEMEM", "mem", 0, 1024, true}, {"PHYSMEM", "maxmem", 0, 1024, false},
    {"SWAPFREE", "swp", 0, 1, true},   {"SWAPSIZE", "maxswp", 0, 1, false},
    {"FREETMP", "tmp", 0, 1, true},    {"NCPUS", "ncpus", 0, 1, false},
    {"RUNQLEN", "r15s", 0, 1, true},   {"IOTOTAL", "io", 0, 1, true},
    {"KEYIDLE", "it", 0, 1, false},
};

// NLB names with no Linux source: always unknown. NLB_SWAPPING and NLB_RUNQOCC are collected
// now (config/derived_resources.cc): a configuration has their columns, and this list only
// answers for a table without them (a hand-built one, an older snapshot's).
constexpr const char* kUnavailable[] = {
    "NLB_SYSCALLS",    "NLB_A_SYSCALLS", "NLB_SWAPPING", "NLB_A_SWAPPING",
    "NLB_RUNQOCC",     "NLB_TPDAEMONUP", "NLB_MPP_UP",   "NLB_NQS_UP",
    "NLB_NQS_VALTYPE", "NLB_BSUSPEND",   "NLB_POLICY",
};

// An unknown of any type: compares, matches and computes to unknown.
BNodePtr unknownAny() {
  auto b = resreq::makeConst(resreq::kNaN, VType::kNum);
  b->str = "\x01unknown";
  return b;
}
bool isUnknownAny(const BNode& b) {
  return b.kind == BKind::kConst && std::isnan(b.value) && b.str == "\x01unknown";
}

Status error(const Expr& e, const std::string& what) {
  return Status(Code::kInvalid, "at offset " + std::to_string(e.pos) + ": " + what,
                SourcePos{.offset = e.pos});
}

class Lowerer {
 public:
  explicit Lowerer(LowerContext& ctx) : ctx_(ctx) {}
  Result<BNodePtr> any(const Expr& e);
  Result<BNodePtr> condition(const Expr& e);
  Result<BNodePtr> number(const Expr& e);
  Result<BNodePtr> name(const std::string& nm, bool job, const Expr* at);

 private:
  Result<BNodePtr> resource(int slot);
  Result<BNodePtr> computed(const Computed& c, bool averaged);
  Result<BNodePtr> exists(const Expr& e);
  Result<BNodePtr> match(const Expr& e);
  Result<BNodePtr> binary(const Expr& e);
  Result<BNodePtr> compare(const Expr& e);
  LowerContext& ctx_;
};

Result<BNodePtr> Lowerer::resource(int slot) {
  const ResourceDef& def = ctx_.names.config().resources[static_cast<size_t>(slot)];
  if (def.name == "hname" || def.name == "status") {
    auto b = makeLeaf(def.name == "hname" ? BKind::kHostName : BKind::kStatus, VType::kStr);
    b->str = def.name;
    return b;
  }
  return resreq::columnLeaf(def, slot);
}

// (index + offset) * scale over the raw index (NLB_RUNQLEN is the raw run queue).
Result<BNodePtr> Lowerer::computed(const Computed& c, bool averaged) {
  std::string index = averaged ? std::string("A_") + c.index : c.index;
  int slot = ctx_.names.find(upper(index));
  if (slot < 0) return unknownAny();
  auto b = makeLeaf(BKind::kNumCol, VType::kNum);
  b->slot = slot;
  b->str = ctx_.names.config().resources[static_cast<size_t>(slot)].name;
  if (c.offset != 0)
    b = resreq::foldBinary(Op::kAdd, std::move(b), resreq::makeConst(c.offset, VType::kNum));
  if (c.scale != 1)
    b = resreq::foldBinary(Op::kMul, std::move(b), resreq::makeConst(c.scale, VType::kNum));
  return b;
}

Result<BNodePtr> Lowerer::name(const std::string& nm, bool job, const Expr* at) {
  if (job) {
    // JOB_REQNAME, NQE's request name, is a string; every other job attribute a number.
    auto b = JobAttribute::isStringJobAttribute(nm) ? makeLeaf(BKind::kJobStr, VType::kStr)
                                                    : makeLeaf(BKind::kJob, VType::kNum);
    b->slot = ctx_.jobs.slot(nm);
    b->str = nm;
    return b;
  }
  if (nm == "AGE") return makeLeaf(BKind::kAge, VType::kNum);
  int slot = ctx_.names.find(nm);
  if (slot >= 0) return resource(slot);
  if (nm == "RATING") return makeLeaf(BKind::kRating, VType::kNum);  // no resource of that name
  if (nm == "NLB_HOST") {
    auto b = makeLeaf(BKind::kHostName, VType::kStr);
    b->str = "hname";
    return b;
  }
  if (nm == "NLB_TIMESTAMP") return makeLeaf(BKind::kTimestamp, VType::kNum);
  for (const Computed& c : kComputed) {
    if (nm == std::string("NLB_") + c.nlb) return computed(c, false);
    if (c.averaged && nm == std::string("NLB_A_") + c.nlb) return computed(c, true);
  }
  if (isUnavailableNlbName(nm)) return unknownAny();
  std::string what = "unknown attribute <" + nm + ">";
  if (!at) return Status(Code::kNotFound, what);
  return Status(Code::kNotFound, "at offset " + std::to_string(at->pos) + ": " + what,
                SourcePos{.offset = at->pos});
}

// exists(): never unknown. A column: the host has a value; a computed name: its source has.
Result<BNodePtr> Lowerer::exists(const Expr& e) {
  if (e.job) {
    auto b = makeLeaf(BKind::kJobExists, VType::kTruth);
    b->slot = ctx_.jobs.slot(e.name);
    return b;
  }
  auto r = name(e.name, false, &e);
  if (!r) return r;
  BNodePtr& n = r.value();
  if (isUnknownAny(*n)) return resreq::makeConst(0, VType::kTruth);
  if (n->kind == BKind::kHostName || n->kind == BKind::kStatus || n->kind == BKind::kAge ||
      n->kind == BKind::kTimestamp || n->kind == BKind::kRating)
    return resreq::makeConst(1, VType::kTruth);
  // A computed name: the column under its arithmetic.
  const BNode* col = n.get();
  while (col->kind == BKind::kBinary) col = col->a.get();
  auto b = makeLeaf(BKind::kDefined, VType::kTruth);
  b->slot = col->slot;
  b->str = col->str;
  return b;
}

Result<BNodePtr> Lowerer::match(const Expr& e) {
  auto r = name(e.name, e.job, &e);
  if (!r) return r;
  if (isUnknownAny(*r.value())) return resreq::makeConst(resreq::kNaN, VType::kTruth);
  if (r.value()->type != VType::kStr)
    return error(e, "<" + e.name + "> is not a string: [" + e.name + " == \"...\"] needs one");
  resreq::StringMatchPtr m;
  if (ctx_.regexCache) {
    auto it = ctx_.regexCache->find(e.text);
    if (it != ctx_.regexCache->end()) m = it->second;
  }
  if (!m) {
    auto c = resreq::StringMatch::compile(e.text);
    if (!c) return error(e, c.status().message());
    m = c.value();
    if (ctx_.regexCache) (*ctx_.regexCache)[e.text] = m;
  }
  auto b = makeLeaf(BKind::kStrMatch, VType::kTruth);
  b->a = std::move(r).value();
  b->matcher = std::move(m);
  if (e.negated) return resreq::foldUnary(Op::kNot, std::move(b));
  return b;
}

Result<BNodePtr> Lowerer::any(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kNumber:
      return resreq::makeConst(e.number, VType::kNum);
    case ExprKind::kString: {
      auto b = makeLeaf(BKind::kStrConst, VType::kStr);
      b->str = e.text;
      return b;
    }
    case ExprKind::kAttribute:
      return name(e.name, e.job, &e);
    case ExprKind::kExists:
      return exists(e);
    case ExprKind::kMatch:
      return match(e);
    case ExprKind::kUnary: {
      auto a = e.op == ExprOp::kNot ? condition(*e.a) : number(*e.a);
      if (!a) return a;
      return resreq::foldUnary(e.op == ExprOp::kNot ? Op::kNot : Op::kNeg, std::move(a).value());
    }
    case ExprKind::kBinary:
      return binary(e);
  }
  return Status(Code::kInternal, "unhandled expression node");
}

Result<BNodePtr> Lowerer::condition(const Expr& e) {
  auto r = any(e);
  if (!r) return r;
  if (r.value()->type == VType::kStr)
    return error(e, "a string is not a condition: compare it with == or match it with [ ]");
  if (r.value()->type == VType::kTruth) return r;
  return resreq::foldTruth(std::move(r).value());
}

Result<BNodePtr> Lowerer::number(const Expr& e) {
  auto r = any(e);
  if (r && r.value()->type == VType::kStr) return error(e, "a string is not a number");
  if (r && r.value()->type == VType::kTruth) r.value()->type = VType::kNum;
  return r;
}

Op arithmeticOp(ExprOp op) {
  switch (op) {
    case ExprOp::kMul:
      return Op::kMul;
    case ExprOp::kDiv:
      return Op::kDiv;
    case ExprOp::kAdd:
      return Op::kAdd;
    case ExprOp::kSub:
      return Op::kSub;
    case ExprOp::kLt:
      return Op::kLt;
    case ExprOp::kLe:
      return Op::kLe;
    case ExprOp::kGt:
      return Op::kGt;
    case ExprOp::kGe:
      return Op::kGe;
    case ExprOp::kEq:
      return Op::kEq;
    case ExprOp::kNe:
      return Op::kNe;
    case ExprOp::kAnd:
      return Op::kAnd;
    default:
      return Op::kOr;
  }
}

Result<BNodePtr> Lowerer::binary(const Expr& e) {
  switch (e.op) {
    case ExprOp::kLt:
    case ExprOp::kLe:
    case ExprOp::kGt:
    case ExprOp::kGe:
    case ExprOp::kEq:
    case ExprOp::kNe:
      return compare(e);
    case ExprOp::kAnd:
    case ExprOp::kOr:
    case ExprOp::kXor:
    case ExprOp::kImplies: {
      auto a = condition(*e.a);
      if (!a) return a;
      auto b = condition(*e.b);
      if (!b) return b;
      BNodePtr x = std::move(a).value(), y = std::move(b).value();
      // a ^ b on truths is a != b (unknown when a side is); a => b is !a || b.
      if (e.op == ExprOp::kXor) {
        auto r = resreq::foldBinary(Op::kNe, std::move(x), std::move(y));
        r->type = VType::kTruth;
        return r;
      }
      if (e.op == ExprOp::kImplies) x = resreq::foldUnary(Op::kNot, std::move(x));
      return resreq::foldBinary(e.op == ExprOp::kAnd ? Op::kAnd : Op::kOr, std::move(x),
                                std::move(y));
    }
    default: {
      auto a = number(*e.a);
      if (!a) return a;
      auto b = number(*e.b);
      if (!b) return b;
      return resreq::foldBinary(arithmeticOp(e.op), std::move(a).value(), std::move(b).value());
    }
  }
}

// Numbers compare as numbers; strings as strings, ignoring case; a string against a number
// is a type error.
Result<BNodePtr> Lowerer::compare(const Expr& e) {
  auto a = any(*e.a);
  if (!a) return a;
  auto b = any(*e.b);
  if (!b) return b;
  BNodePtr x = std::move(a).value(), y = std::move(b).value();
  Op op = arithmeticOp(e.op);
  if (isUnknownAny(*x) || isUnknownAny(*y)) return resreq::makeConst(resreq::kNaN, VType::kTruth);
  bool sx = x->type == VType::kStr, sy = y->type == VType::kStr;
  if (sx != sy)
    return error(e, std::string("a string cannot be compared with a number by '") +
                        exprOpSpelling(e.op) + "'");
  if (!sx) {
    if (x->type == VType::kTruth) x->type = VType::kNum;
    if (y->type == VType::kTruth) y->type = VType::kNum;
    return resreq::foldBinary(op, std::move(x), std::move(y));
  }
  if (x->kind == BKind::kStrConst && y->kind == BKind::kStrConst)
    return resreq::makeConst(resreq::compareStrings(op, x->str, y->str, true), VType::kTruth);
  if (x->kind == BKind::kStrConst) {  // keep the column on the left (the evaluator's fast path)
    std::swap(x, y);
    if (op == Op::kLt || op == Op::kLe || op == Op::kGt || op == Op::kGe)
      op = op == Op::kLt ? Op::kGt : op == Op::kLe ? Op::kGe : op == Op::kGt ? Op::kLt : Op::kLe;
  }
  auto n = makeLeaf(BKind::kStrCompare, VType::kTruth);
  n->op = op;
  n->nocase = true;
  n->a = std::move(x);
  n->b = std::move(y);
  return n;
}

}  // namespace

AttributeIndex::AttributeIndex(const ConfigSnapshot& config) : config_(config) {
  for (size_t i = 0; i < config.resources.size(); ++i)
    slots_.emplace(upper(config.resources[i].name), static_cast<int>(i));
}

int AttributeIndex::find(const std::string& upperName) const {
  auto it = slots_.find(upperName);
  if (it != slots_.end()) return it->second;
  std::string alias = resreq::canonicalName(lower(upperName));  // SWAP IDLE LOGIN CPU
  if (alias == lower(upperName)) return -1;
  it = slots_.find(upper(alias));
  return it == slots_.end() ? -1 : it->second;
}

int JobSlots::slot(const std::string& upperName) {
  auto it = std::find(names_.begin(), names_.end(), upperName);
  if (it != names_.end()) return static_cast<int>(it - names_.begin());
  names_.push_back(upperName);
  return static_cast<int>(names_.size() - 1);
}

std::vector<std::string> computedNlbNames() {
  std::vector<std::string> out{"NLB_HOST"};
  for (const Computed& c : kComputed) out.push_back(std::string("NLB_") + c.nlb);
  for (const Computed& c : kComputed)
    if (c.averaged) out.push_back(std::string("NLB_A_") + c.nlb);
  out.push_back("NLB_TIMESTAMP");
  return out;
}

bool isUnavailableNlbName(const std::string& upperName) {
  for (const char* n : kUnavailable)
    if (upperName == n) return true;
  return false;
}

Result<BNodePtr> lowerCondition(const Expr& e, LowerContext& ctx) {
  return Lowerer(ctx).condition(e);
}

Result<BNodePtr> lowerNumber(const Expr& e, LowerContext& ctx) {
  return Lowerer(ctx).number(e);
}

Result<BNodePtr> lowerAttribute(const std::string& upperName, LowerContext& ctx) {
  return Lowerer(ctx).name(upperName, isJobAttributeName(upperName), nullptr);
}

}  // namespace openlim::policy
