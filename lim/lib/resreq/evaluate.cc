// Vector evaluation of a TermProgram over a selection of rows. Each instruction is one tight
// loop; operand access (register, constant, gathered column) is resolved once per
// instruction by templates, never per row.
#include <algorithm>
#include <variant>

#include "openlim/run_queue.h"
#include "resreq/ops.h"
#include "resreq/program.h"

namespace openlim::resreq {
namespace {

struct RegAcc {
  const double* p;
  double operator()(size_t i) const { return p[i]; }
};
struct ConstAcc {
  double v;
  double operator()(size_t) const { return v; }
};
struct NumAcc {
  const double* col;
  const uint32_t* sel;
  double operator()(size_t i) const { return col[sel[i]]; }
};
struct BoolAcc {
  const uint8_t* col;
  const uint32_t* sel;
  double operator()(size_t i) const { return col[sel[i]]; }
};
using Acc = std::variant<RegAcc, ConstAcc, NumAcc, BoolAcc>;

const Column* column(const HostTable& t, int slot, ResourceType type) {
  return filledColumn(t, slot, type);
}

template <Op kOp, class A, class B>
void loop(size_t n, A a, B b, double* out) {
  for (size_t i = 0; i < n; ++i) out[i] = applyOp<kOp>(a(i), b(i));
}

template <class A, class B>
void binary(Op op, size_t n, A a, B b, double* out) {
  switch (op) {
    case Op::kAdd:
      return loop<Op::kAdd>(n, a, b, out);
    case Op::kSub:
      return loop<Op::kSub>(n, a, b, out);
    case Op::kMul:
      return loop<Op::kMul>(n, a, b, out);
    case Op::kDiv:
      return loop<Op::kDiv>(n, a, b, out);
    case Op::kLt:
      return loop<Op::kLt>(n, a, b, out);
    case Op::kLe:
      return loop<Op::kLe>(n, a, b, out);
    case Op::kGt:
      return loop<Op::kGt>(n, a, b, out);
    case Op::kGe:
      return loop<Op::kGe>(n, a, b, out);
    case Op::kEq:
      return loop<Op::kEq>(n, a, b, out);
    case Op::kNe:
      return loop<Op::kNe>(n, a, b, out);
    case Op::kAnd:
      return loop<Op::kAnd>(n, a, b, out);
    case Op::kOr:
      return loop<Op::kOr>(n, a, b, out);
    default:
      std::fill(out, out + n, kNaN);
  }
}

template <class A>
void unary(Op op, size_t n, A a, double* out) {
  if (op == Op::kNeg)
    for (size_t i = 0; i < n; ++i) out[i] = -a(i);
  else
    for (size_t i = 0; i < n; ++i) out[i] = logicalNot(a(i));
}

template <class A>
void truth(size_t n, A a, double* out) {
  for (size_t i = 0; i < n; ++i) out[i] = truthOf(a(i));
}

// String value of one row; nullptr = unknown.
struct StrReader {
  const EvalEnv& env;
  const StrOperand& s;
  const Column* col;
  const std::string* get(uint32_t row) const {
    const HostTable& t = *env.table;
    switch (s.kind) {
      case StrOperand::kLiteral:
        return &s.literal;
      case StrOperand::kHostName:
        return &t.names[row];
      case StrOperand::kStatus: {
        static const std::string kNames[] = {"ok", "busy", "lockU", "lockW", "unavail"};
        return &kNames[std::min<size_t>(static_cast<size_t>(t.status[row]), 4)];
      }
      case StrOperand::kColumn: {
        if (!col) return nullptr;
        StringId id = col->strings[row];
        if (id < 0 || static_cast<size_t>(id) >= t.strings.size()) return nullptr;
        return &t.strings.get(id);
      }
      case StrOperand::kJob: {  // the request's: one value for every row
        const size_t at = static_cast<size_t>(s.slot);
        if (s.slot < 0 || at >= env.jobTextCount || env.jobText[at].empty()) return nullptr;
        return &env.jobText[at];
      }
    }
    return nullptr;
  }
};

// A yes/no test of a string column, decided once per distinct string rather than once per
// row (a large cluster shares a handful of values). Unknown stays unknown.
template <class Test>
void columnTest(const HostTable& t, const Column* c, const uint32_t* sel, size_t n, double* out,
                Test test) {
  std::vector<int8_t> memo(t.strings.size(), -1);
  for (size_t i = 0; i < n; ++i) {
    StringId id = c ? c->strings[sel[i]] : kUnknownString;
    if (id < 0 || static_cast<size_t>(id) >= memo.size()) {
      out[i] = kNaN;
      continue;
    }
    int8_t& m = memo[static_cast<size_t>(id)];
    if (m < 0) m = test(t.strings.get(id)) ? 1 : 0;
    out[i] = m;
  }
}

void strMatch(const Instr& in, const EvalEnv& env, const uint32_t* sel, size_t n, double* out) {
  const HostTable& t = *env.table;
  const StringMatch& m = *in.matcher;
  if (in.sa.kind == StrOperand::kColumn)
    return columnTest(t, column(t, in.sa.slot, ResourceType::kString), sel, n, out,
                      [&](const std::string& s) { return m.matches(s); });
  StrReader r{env, in.sa, nullptr};
  for (size_t i = 0; i < n; ++i) {
    const std::string* x = r.get(sel[i]);
    out[i] = x ? (m.matches(*x) ? 1.0 : 0.0) : kNaN;
  }
}

void strCompare(const Instr& in, const EvalEnv& env, const uint32_t* sel, size_t n, double* out) {
  const HostTable& t = *env.table;
  const StrOperand& a = in.sa;
  const StrOperand& b = in.sb;
  if (in.nocase && a.kind == StrOperand::kColumn && b.kind == StrOperand::kLiteral)
    return columnTest(
        t, column(t, a.slot, ResourceType::kString), sel, n, out,
        [&](const std::string& s) { return compareStrings(in.op, s, b.literal, true) == 1; });
  // Fast path: column ==/!= literal compares interned ids.
  if (!in.nocase && (in.op == Op::kEq || in.op == Op::kNe) && a.kind == StrOperand::kColumn &&
      b.kind == StrOperand::kLiteral) {
    const Column* c = column(t, a.slot, ResourceType::kString);
    StringId want = t.strings.find(b.literal);
    double same = in.op == Op::kEq ? 1 : 0;
    for (size_t i = 0; i < n; ++i) {
      StringId id = c ? c->strings[sel[i]] : kUnknownString;
      out[i] = id == kUnknownString ? kNaN : (id == want ? same : 1 - same);
    }
    return;
  }
  StrReader ra{env, a,
               a.kind == StrOperand::kColumn ? column(t, a.slot, ResourceType::kString) : nullptr};
  StrReader rb{env, b,
               b.kind == StrOperand::kColumn ? column(t, b.slot, ResourceType::kString) : nullptr};
  for (size_t i = 0; i < n; ++i) {
    const std::string* x = ra.get(sel[i]);
    const std::string* y = rb.get(sel[i]);
    out[i] = (x && y) ? compareStrings(in.op, *x, *y, in.nocase) : kNaN;
  }
}

void defined(const Instr& in, const HostTable& t, const uint32_t* sel, size_t n, double* out) {
  ResourceType type = in.slot >= 0 && static_cast<size_t>(in.slot) < t.columns.size()
                          ? t.columns[static_cast<size_t>(in.slot)].type
                          : ResourceType::kNumeric;
  const Column* c = column(t, in.slot, type);
  for (size_t i = 0; i < n; ++i) {
    uint32_t r = sel[i];
    if (!c)
      out[i] = 0;
    else if (type == ResourceType::kNumeric)
      out[i] = !std::isnan(c->numbers[r]);
    else if (type == ResourceType::kString)
      out[i] = c->strings[r] != kUnknownString;
    else
      out[i] = c->booleans[r] != 0;
  }
}

void runQueue(const Instr& in, const EvalEnv& env, const uint32_t* sel, size_t n, double* out) {
  const HostTable& t = *env.table;
  const Column* raw = column(t, in.slot, ResourceType::kNumeric);
  const Column* nc = column(t, env.ncpusSlot, ResourceType::kNumeric);
  const Column* cf = column(t, env.cpufSlot, ResourceType::kNumeric);
  for (size_t i = 0; i < n; ++i) {
    uint32_t r = sel[i];
    out[i] = raw ? normalizedRunQueue(raw->numbers[r], nc ? nc->numbers[r] : kNaN,
                                      cf ? cf->numbers[r] : kNaN, env.maxCpuf)
                 : kNaN;
  }
}

// Seconds since each row's last report, or (wall) the time of that report.
void age(const EvalEnv& env, bool wall, const uint32_t* sel, size_t n, double* out) {
  const std::vector<double>& at = env.table->reportedAt;
  const bool have = at.size() >= env.table->size();
  for (size_t i = 0; i < n; ++i) {
    double a = have ? env.now - at[sel[i]] : kNaN;
    out[i] = wall ? env.wallNow - a : a;
  }
}

void job(const Instr& in, const EvalEnv& env, size_t n, double* out) {
  double v = in.slot >= 0 && static_cast<size_t>(in.slot) < env.jobCount
                 ? env.job[static_cast<size_t>(in.slot)]
                 : kNaN;
  if (in.kind == Instr::kJobExists) v = v == v ? 1.0 : 0.0;
  std::fill(out, out + n, v);
}

}  // namespace

// A column the table does not fill (wrong type or size) reads as unknown (booleans: false).
const Column* filledColumn(const HostTable& t, int slot, ResourceType type) {
  if (slot < 0 || static_cast<size_t>(slot) >= t.columns.size()) return nullptr;
  const Column& c = t.columns[static_cast<size_t>(slot)];
  if (c.type != type) return nullptr;
  size_t have = type == ResourceType::kNumeric  ? c.numbers.size()
                : type == ResourceType::kString ? c.strings.size()
                                                : c.booleans.size();
  return have >= t.size() ? &c : nullptr;
}

double* Evaluator::grow(Buffer& b, size_t n) {
  if (b.size < n) {
    b.data = std::make_unique_for_overwrite<double[]>(n);
    b.size = n;
  }
  return b.data.get();
}

void Evaluator::rate(const EvalEnv& env, const uint32_t* sel, size_t n, double* out) {
  const HostTable& t = *env.table;
  if (env.ratings) {
    for (size_t i = 0; i < n; ++i) out[i] = env.ratings[sel[i]];
    return;
  }
  if (!t.config) {
    std::fill(out, out + n, kNaN);
    return;
  }
  const placement::RatingSetup& s = env.rating ? *env.rating : ratingSetups_.of(t);
  for (size_t i = 0; i < n; ++i) {
    const uint32_t row = sel[i];
    const double jobs = env.reservedSlots ? env.reservedSlots[row] : t.reserved(row);
    out[i] = placement::ratingTotal(placement::ratingInput(t, s, row, jobs), s.smpFactor);
  }
}

void Evaluator::run(const TermProgram& p, const EvalEnv& env, const uint32_t* sel, size_t n,
                    double* out) {
  const HostTable& t = *env.table;
  if (regs_.size() < static_cast<size_t>(p.registers))
    regs_.resize(static_cast<size_t>(p.registers));
  auto reg = [&](int r) -> double* {
    return r == 0 ? out : grow(regs_[static_cast<size_t>(r)], n);
  };
  auto acc = [&](const Operand& o) -> Acc {
    switch (o.kind) {
      case Operand::kReg:
        return RegAcc{reg(o.index)};
      case Operand::kConst:
        return ConstAcc{o.value};
      case Operand::kNumCol: {
        const Column* c = column(t, o.index, ResourceType::kNumeric);
        if (!c) return ConstAcc{kNaN};
        return NumAcc{c->numbers.data(), sel};
      }
      case Operand::kBoolCol: {
        const Column* c = column(t, o.index, ResourceType::kBoolean);
        if (!c) return ConstAcc{0};
        return BoolAcc{c->booleans.data(), sel};
      }
    }
    return ConstAcc{kNaN};
  };
  for (const Instr& in : p.code) {
    double* dst = reg(in.dst);
    switch (in.kind) {
      case Instr::kBinary:
        std::visit([&](auto a, auto b) { binary(in.op, n, a, b, dst); }, acc(in.a), acc(in.b));
        break;
      case Instr::kUnary:
        std::visit([&](auto a) { unary(in.op, n, a, dst); }, acc(in.a));
        break;
      case Instr::kTruth:
        std::visit([&](auto a) { truth(n, a, dst); }, acc(in.a));
        break;
      case Instr::kRunQueue:
        runQueue(in, env, sel, n, dst);
        break;
      case Instr::kStrCompare:
        strCompare(in, env, sel, n, dst);
        break;
      case Instr::kDefined:
        defined(in, t, sel, n, dst);
        break;
      case Instr::kStrMatch:
        strMatch(in, env, sel, n, dst);
        break;
      case Instr::kAge:
      case Instr::kTimestamp:
        age(env, in.kind == Instr::kTimestamp, sel, n, dst);
        break;
      case Instr::kJob:
      case Instr::kJobExists:
        job(in, env, n, dst);
        break;
      case Instr::kRating:
        rate(env, sel, n, dst);
        break;
    }
  }
  if (p.result.kind != Operand::kReg || p.result.index != 0) {
    Acc r = acc(p.result);
    std::visit(
        [&](auto a) {
          for (size_t i = 0; i < n; ++i) out[i] = a(i);
        },
        r);
  }
}

}  // namespace openlim::resreq

namespace openlim {

resreq::EvalEnv CompiledProgram::env(const HostTable& t) const {
  return resreq::EvalEnv{&t, ncpusSlot, cpufSlot, t.clusterMaxCpuf(cpufSlot)};
}

}  // namespace openlim
