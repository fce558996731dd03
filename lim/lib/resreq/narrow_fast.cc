// narrowFast(): one select term's commonest shapes, `column op constant` (mem>2G) and
// `runqueue op constant` (r1m<2), evaluated, compared and compacted in one pass over the
// selection, with no value vector written in between. Same scalar semantics as the evaluator
// (ops.h, run_queue.h), so results are identical.
#include "openlim/run_queue.h"
#include "resreq/ops.h"
#include "resreq/program.h"

namespace openlim::resreq {
namespace {

// Keeps rows whose value(r) op c is true; branch-free (selectivity near 50% defeats the
// branch predictor).
template <Op kOp, class Value>
size_t keepWhere(Value value, double c, uint32_t* sel, size_t n) {
  size_t kept = 0;
  for (size_t i = 0; i < n; ++i) {
    uint32_t r = sel[i];
    sel[kept] = r;
    kept += comparisonHolds<kOp>(value(r), c);
  }
  return kept;
}

template <class Value>
size_t keep(Op op, Value value, double c, uint32_t* sel, size_t n) {
  switch (op) {
    case Op::kLt:
      return keepWhere<Op::kLt>(value, c, sel, n);
    case Op::kLe:
      return keepWhere<Op::kLe>(value, c, sel, n);
    case Op::kGt:
      return keepWhere<Op::kGt>(value, c, sel, n);
    case Op::kGe:
      return keepWhere<Op::kGe>(value, c, sel, n);
    case Op::kEq:
      return keepWhere<Op::kEq>(value, c, sel, n);
    default:
      return keepWhere<Op::kNe>(value, c, sel, n);
  }
}

bool comparesWithConst(const Instr& in) {
  return in.kind == Instr::kBinary && isComparison(in.op) && in.b.kind == Operand::kConst;
}

}  // namespace

bool narrowFast(const TermProgram& p, const EvalEnv& env, std::vector<uint32_t>& sel) {
  const HostTable& t = *env.table;
  size_t kept = 0;
  if (p.code.size() == 1 && comparesWithConst(p.code[0]) &&
      p.code[0].a.kind == Operand::kNumCol) {  // mem > 2048
    const Instr& in = p.code[0];
    const Column* c = filledColumn(t, in.a.index, ResourceType::kNumeric);
    if (!c) return false;
    const double* col = c->numbers.data();
    kept = keep(
        in.op, [col](uint32_t r) { return col[r]; }, in.b.value, sel.data(), sel.size());
  } else if (p.code.size() == 2 && p.code[0].kind == Instr::kRunQueue &&
             comparesWithConst(p.code[1]) && p.code[1].a.kind == Operand::kReg &&
             p.code[1].a.index == p.code[0].dst) {  // r1m < 2 (normalised)
    const Column* raw = filledColumn(t, p.code[0].slot, ResourceType::kNumeric);
    if (!raw) return false;
    const Column* nc = filledColumn(t, env.ncpusSlot, ResourceType::kNumeric);
    const Column* cf = filledColumn(t, env.cpufSlot, ResourceType::kNumeric);
    if (!nc || !cf) return false;  // rare: the evaluator's general path handles it
    const double *q = raw->numbers.data(), *n = nc->numbers.data(), *f = cf->numbers.data();
    double maxCpuf = env.maxCpuf;
    auto value = [=](uint32_t r) { return normalizedRunQueue(q[r], n[r], f[r], maxCpuf); };
    kept = keep(p.code[1].op, value, p.code[1].b.value, sel.data(), sel.size());
  } else {
    return false;
  }
  sel.resize(kept);
  return true;
}

}  // namespace openlim::resreq
